import homeScript from "../enhancement/home.ts?script";
import { Features } from "../home/features.tsx";
import { FinalCta } from "../home/final-cta.tsx";
import { Hero } from "../home/hero.tsx";
import homeCss from "../home/home.css?url";
import { MobileApps } from "../home/mobile-apps.tsx";
import { NewsletterSection } from "../home/newsletter-section.tsx";
import { Pricing } from "../home/pricing.tsx";
import type { PageHandle } from "../lib/page-handle.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { stylesheet } from "../lib/stylesheet.ts";

export const links = () => [stylesheet(homeCss)];

/**
 * The home page is the first page most visitors load, so it comes without the framework: its
 * HTML plus a small script for the theme, the menu, the pricing toggle, the newsletter and
 * analytics. Reached from within the app, it renders like any other route.
 */
export const handle: PageHandle = { hydrate: false, script: homeScript };

export function meta() {
  return pageMeta({
    title: "Uptime, API and server monitoring",
    description:
      "Upwatch checks your websites, APIs and servers around the clock and alerts you by email, SMS, Slack or webhook the moment something breaks. 10 monitors free forever.",
    path: "/",
    keywords: [
      "uptime monitoring",
      "website monitoring",
      "API monitoring",
      "server monitoring",
      "SSL certificate monitoring",
      "status page",
    ],
  });
}

export default function Home() {
  return (
    <main id="main">
      <Hero />
      <Features />
      <MobileApps />
      <Pricing />
      <NewsletterSection />
      <FinalCta />
    </main>
  );
}
