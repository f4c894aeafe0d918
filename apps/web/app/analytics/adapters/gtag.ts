import type { AnalyticsAdapter } from "../events.ts";
import { loadScript } from "./load-script.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Google Analytics 4: page views, clicks, newsletter subscriptions and contact messages. */
export function gtagAdapter(measurementId: string): AnalyticsAdapter {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  function gtag(..._args: unknown[]): void {
    // biome-ignore lint/complexity/noArguments: the format gtag.js expects.
    dataLayer.push(arguments);
  }
  gtag("js", new Date());
  gtag("config", measurementId, { send_page_view: false });
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);

  return {
    track(event) {
      switch (event.name) {
        case "page_view":
          gtag("event", "page_view", {
            page_path: event.path,
            page_title: event.title,
            page_location: window.location.href,
          });
          break;
        case "click":
          gtag("event", "click", { link_text: event.label, link_url: event.href });
          break;
        case "newsletter_subscription":
          gtag("event", "newsletter_subscription");
          break;
        case "contact":
          gtag("event", "generate_lead", { subject: event.subject });
          break;
        default:
          break;
      }
    },
  };
}
