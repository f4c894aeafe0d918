import "./zod-without-eval.ts";
import { SITE_CONFIG_JSON_TOKEN, serializeSiteConfig } from "@upwatch/core";
import { type ReactNode, useContext } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useMatches,
} from "react-router";
import { usePageViews } from "./analytics/use-page-views.ts";
import { ErrorScreen } from "./components/error-screen.tsx";
import { staticPageScript } from "./lib/page-handle.ts";
import { getSiteConfig, SITE_CONFIG_ELEMENT_ID } from "./lib/site-config.ts";
import { stylesheet } from "./lib/stylesheet.ts";
import globalCss from "./styles/global.css?url";
import { THEME_SCRIPT } from "./theme/theme.ts";

export const links = () => [stylesheet(globalCss)];

/** The HTML document around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  // Decided while prerendering pages only: in the browser the app is running and keeps its
  // scripts, and the fallback page for addresses not prerendered always starts the app.
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  const pageScript =
    typeof document === "undefined" && !spaFallback
      ? staticPageScript(matches.map((match) => match.handle))
      : undefined;
  const configJson =
    typeof document === "undefined" ? SITE_CONFIG_JSON_TOKEN : serializeSiteConfig(getSiteConfig());
  return (
    // The theme script sets data-theme and a class before React hydrates.
    // data-registration decides whether sign-up links or the notice instead show, and
    // data-edition whether the hosted service's own links show (global.css).
    <html
      lang="en"
      data-theme="dark"
      data-registration={getSiteConfig().registration}
      data-edition={getSiteConfig().edition}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, applied before paint.
          dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }}
        />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script
          id={SITE_CONFIG_ELEMENT_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializeSiteConfig.
          dangerouslySetInnerHTML={{ __html: configJson }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {pageScript ? (
          <script type="module" src={pageScript} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  usePageViews();
  return <Outlet />;
}

/**
 * What the signed-in app's page shows until its scripts have loaded the screen (the app's
 * routes are not prerendered; one page serves them all).
 */
export function HydrateFallback() {
  return (
    <main id="main" className="container page">
      <p className="lead" role="status">
        Loading Upwatch...
      </p>
      <noscript>
        <p>The Upwatch app needs JavaScript. Turn it on in your browser and reload the page.</p>
      </noscript>
    </main>
  );
}

/** The router's last resort when a page throws while rendering. */
export function ErrorBoundary({ error }: { error: unknown }) {
  if (typeof window !== "undefined") console.error(error);
  return <ErrorScreen />;
}
