import type { AnalyticsAdapter } from "../events.ts";
import { loadScript } from "./load-script.ts";

type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[];
  callMethod?: (...args: unknown[]) => void;
  loaded: boolean;
  version: string;
  push: Fbq;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** Installs the queueing `fbq` function the pixel script picks up when it arrives. */
function installFbq(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.push = fbq;
  window.fbq = fbq;
  window._fbq ??= fbq;
  return fbq;
}

/** The Meta (Facebook) ad pixel: page views and the view-content, registration and contact events. */
export function metaPixelAdapter(pixelId: string): AnalyticsAdapter {
  const fbq = installFbq();
  fbq("init", pixelId);
  loadScript("https://connect.facebook.net/en_US/fbevents.js");

  return {
    track(event) {
      switch (event.name) {
        case "page_view":
          fbq("track", "PageView");
          break;
        case "view_content":
          fbq("track", "ViewContent", { content_name: event.content });
          break;
        case "registration_complete":
          fbq("track", "CompleteRegistration", { content_name: event.placement });
          break;
        case "contact":
          fbq("track", "Contact");
          break;
        default:
          break;
      }
    },
  };
}
