import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordedEvents, waitForEvent } from "./support/analytics-events.ts";
import { launchBrowser } from "./support/browser.ts";
import { waitLikeAPerson } from "./support/forms.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

/** Stops links from leaving the page, so events recorded by a click can still be read. */
function stayOnPage(page: Page) {
  return page.evaluate(() =>
    document.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a[href^='http']")) event.preventDefault();
    }),
  );
}

describe("analytics with the recording adapter", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ ANALYTICS_PROVIDER: "record", FORMS_RATE_LIMIT: "0" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("reports the first page view with the page's title", async () => {
    const page = await browser.newPage();
    await page.goto(product.url);
    const view = await waitForEvent(page, "page_view", { path: "/" });
    expect(view.title).toBe("Uptime, API and server monitoring | Upwatch");
    await page.close();
  });

  it("reports a route change's page view 100 ms after it, never before", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        const events =
          (window as unknown as { upwatchAnalyticsEvents?: { name: string; path?: string }[] })
            .upwatchAnalyticsEvents ?? [];
        Object.assign(window, {
          pushedAt: performance.now(),
          viewsAtPush: events.filter((e) => e.name === "page_view" && e.path === "/contact").length,
        });
        push(...args);
      };
    });
    await page.goto(`${product.url}/privacy`);
    await waitForEvent(page, "page_view", { path: "/privacy" });
    await page.locator(".site-header").getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${product.url}/contact`);
    const view = await waitForEvent(page, "page_view", { path: "/contact" });
    const { pushedAt, viewsAtPush } = await page.evaluate(() => ({
      pushedAt: (window as unknown as { pushedAt: number }).pushedAt,
      viewsAtPush: (window as unknown as { viewsAtPush: number }).viewsAtPush,
    }));
    expect(viewsAtPush).toBe(0);
    expect(view.at - pushedAt).toBeGreaterThanOrEqual(100);
    expect(view.title).toBe("Contact us | Upwatch");
    await page.close();
  });

  it("does not count following an anchor on the same page as a page view", async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/privacy`);
    await waitForEvent(page, "page_view", { path: "/privacy" });
    await page.locator(".site-header").getByRole("link", { name: "Features" }).click();
    await page.waitForURL(`${product.url}/#features`);
    await waitForEvent(page, "page_view", { path: "/" });
    await page.locator(".site-header").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${product.url}/#pricing`);
    await page.locator(".site-footer").getByRole("link", { name: "Terms" }).click();
    await waitForEvent(page, "page_view", { path: "/terms" });
    const views = (await recordedEvents(page)).filter((event) => event.name === "page_view");
    expect(views.map((event) => event.path)).toEqual(["/privacy", "/", "/terms"]);
    await page.close();
  });

  it("counts the hero and final sign-up clicks as registrations, and other clicks as clicks", async () => {
    const page = await browser.newPage();
    await page.goto(product.url);
    await stayOnPage(page);
    await page.getByRole("link", { name: "Start monitoring free" }).click();
    await waitForEvent(page, "click", { label: "hero-sign-up" });
    await waitForEvent(page, "registration_complete", { placement: "hero" });
    await page.getByRole("link", { name: "Get started free" }).click();
    await waitForEvent(page, "registration_complete", { placement: "final_cta" });
    await page.getByRole("link", { name: "Get Started", exact: true }).click();
    await waitForEvent(page, "click", { label: "header-get-started" });
    const registrations = (await recordedEvents(page)).filter(
      (event) => event.name === "registration_complete",
    );
    expect(registrations.map((event) => event.placement)).toEqual(["hero", "final_cta"]);
    await page.close();
  });

  it("reports viewing the pricing once it scrolls into view", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(product.url);
    await waitForEvent(page, "page_view", { path: "/" });
    expect((await recordedEvents(page)).some((event) => event.name === "view_content")).toBe(false);
    await page.locator("#pricing").scrollIntoViewIfNeeded();
    await waitForEvent(page, "view_content", { content: "pricing" });
    await page.close();
  });

  it("reports a newsletter subscription once the server accepts it", async () => {
    const page = await browser.newPage();
    await page.goto(product.url);
    await page.waitForFunction(() => document.querySelector("form.newsletter-form[novalidate]"));
    await page.getByRole("textbox", { name: "Email address" }).fill("events@example.com");
    await waitLikeAPerson(page);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Thanks for subscribing! We'll keep you updated.").waitFor();
    await waitForEvent(page, "newsletter_subscription");
    await page.close();
  });

  it("reports a contact conversion once a message is sent", async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/contact`);
    await page.waitForFunction(() => document.querySelector("form.contact-form[novalidate]"));
    expect((await recordedEvents(page)).some((event) => event.name === "contact")).toBe(false);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Grace Hopper");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("grace@example.com");
    await page.getByRole("combobox", { name: "Subject" }).selectOption("Sales Inquiry");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("We run 400 monitors.");
    await waitLikeAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await waitForEvent(page, "contact", { subject: "Sales Inquiry" });
    await page.close();
  });
});

describe("analytics on a default install", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("loads nothing and sends nothing anywhere but to the site itself", async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(product.url);
    await page.locator("#pricing").scrollIntoViewIfNeeded();
    await page.locator(".site-header").getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${product.url}/contact`);
    await page.getByRole("heading", { name: "Send us a message" }).waitFor();
    expect(requested.filter((url) => !url.startsWith(product.url))).toEqual([]);
    const globals = await page.evaluate(() => ({
      recorded: "upwatchAnalyticsEvents" in window,
      gtag: "dataLayer" in window,
      pixel: "fbq" in window,
      thirdPartyScripts: [...document.scripts].filter(
        (script) => script.src && !script.src.startsWith(location.origin),
      ).length,
    }));
    expect(globals).toEqual({ recorded: false, gtag: false, pixel: false, thirdPartyScripts: 0 });
    await page.close();
  });
});

describe("analytics with Google Analytics and the Meta pixel configured", () => {
  const MEASUREMENT_ID = "G-TEST12345";
  const PIXEL_ID = "123456789012345";
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  const stubbed: string[] = [];
  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ ANALYTICS_ID: MEASUREMENT_ID, AD_PIXEL_ID: PIXEL_ID }),
      // Belt and braces: no host but this machine can even be resolved.
      launchBrowser({ extraArgs: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"] }),
    ]);
    context = await browser.newContext();
    // The third-party scripts are answered with nothing inside the browser; nothing goes out.
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => {
        stubbed.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "" });
      },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("loads both scripts with the configured ids and queues page views and conversions", async () => {
    const page = await context.newPage();
    await page.goto(product.url);
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer?: unknown[][] }).dataLayer ?? []).some(
        (entry) => entry[0] === "event" && entry[1] === "page_view",
      ),
    );
    // The script requests may reach the browser's router a moment after the first page view.
    await expect
      .poll(() => stubbed)
      .toEqual(
        expect.arrayContaining([
          `https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`,
          "https://connect.facebook.net/en_US/fbevents.js",
        ]),
      );
    await stayOnPage(page);
    await page.getByRole("link", { name: "Start monitoring free" }).click();
    const queued = await page.evaluate(() => ({
      dataLayer: ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? []).map(
        (entry) => Array.from(entry).slice(0, 2),
      ),
      pixel: ((window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue ?? []).map((entry) =>
        entry.slice(0, 2),
      ),
    }));
    expect(queued.dataLayer).toEqual(
      expect.arrayContaining([
        ["config", MEASUREMENT_ID],
        ["event", "page_view"],
        ["event", "click"],
      ]),
    );
    expect(queued.pixel).toEqual(
      expect.arrayContaining([
        ["init", PIXEL_ID],
        ["track", "PageView"],
        ["track", "CompleteRegistration"],
      ]),
    );
    await page.close();
  });
});
