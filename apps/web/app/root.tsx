import { SITE_CONFIG_JSON_TOKEN, serializeSiteConfig } from "@upwatch/core";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { getSiteConfig, SITE_CONFIG_ELEMENT_ID } from "./lib/site-config.ts";
import "./styles/global.css";

/** The HTML document around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const configJson =
    typeof document === "undefined" ? SITE_CONFIG_JSON_TOKEN : serializeSiteConfig(getSiteConfig());
  return (
    <html lang="en" data-theme="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The router's last resort when a page throws while rendering. */
export function ErrorBoundary() {
  return (
    <main className="error-screen">
      <h1>Unexpected Application Error!</h1>
      <p>Something broke while showing this page. Reload it, or go back to the home page.</p>
      <a href="/">Go to the home page</a>
    </main>
  );
}
