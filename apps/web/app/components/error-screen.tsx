import { useLayoutEffect } from "react";
import { applyRememberedTheme } from "../theme/theme.ts";

/** What the visitor sees when a page fails while rendering: the router's last resort. */
export function ErrorScreen() {
  useLayoutEffect(applyRememberedTheme, []);
  return (
    <main className="error-screen container" id="main">
      <p className="eyebrow">Error</p>
      <h1>Unexpected Application Error!</h1>
      <p>
        Something broke while showing this page. Reload it, or start again from the home page.
        <span className="hosted-only">
          {" "}
          If it keeps happening, tell us through the contact page.
        </span>
      </p>
      <p className="error-actions">
        <a className="button button-primary" href="/">
          Go to the home page
        </a>
        <a className="button button-ghost hosted-only" href="/contact">
          Contact us
        </a>
      </p>
    </main>
  );
}
