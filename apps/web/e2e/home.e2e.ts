import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

describe("the home page", () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = collectPageErrors(page);
    await page.goto(product.url);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("runs its script without a single console error", async () => {
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    await page.getByRole("button", { name: "Yearly" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("sends the hero's sign-up button to the app's registration page", async () => {
    const hero = page.locator(".hero");
    const signUp = hero.getByRole("link", { name: "Start monitoring free" });
    expect(await signUp.getAttribute("href")).toMatch(/^http:\/\/localhost:\d+\/app\/register$/);
    expect(await hero.getByRole("link", { name: "See pricing" }).getAttribute("href")).toBe(
      "/#pricing",
    );
  });

  it("shows six feature cards, Pro badges on the paid ones and links to help articles", async () => {
    const cards = page.locator("#features .feature-card");
    expect(await cards.count()).toBe(6);
    const withBadge = cards.filter({ has: page.locator(".pro-badge") }).locator("h3");
    expect(await withBadge.allTextContents()).toEqual([
      "SSL, DNS and multi-step API checks",
      "Agents inside your servers",
      "Status pages and incidents",
    ]);
    const links = await page
      .locator("#features .feature-link")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).toEqual([
      "/knowledge-base/http-https-monitoring",
      "/knowledge-base/advanced-multi-step-checks",
      "/knowledge-base/monitoring-agents",
      "/knowledge-base/escalating-hysteresis",
      "/knowledge-base/alert-dependency-builder",
      "/knowledge-base/status-page-incidents",
    ]);
  });

  it("shows the four plans with monthly prices first and Business as Most Popular", async () => {
    const pricing = page.locator("#pricing");
    expect(
      await pricing.getByRole("button", { name: "Monthly" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await pricing.locator(".plan-card h3").allTextContents()).toEqual([
      "Free",
      "Hobby",
      "Business",
      "Enterprise+",
    ]);
    expect(await pricing.locator(".plan-price").allTextContents()).toEqual([
      "$0 forever",
      "$8 /month",
      "$24 /month",
      "Custom",
    ]);
    const popular = pricing.locator(".plan-card", { hasText: "Most Popular" });
    expect(await popular.count()).toBe(1);
    expect(await popular.locator("h3").textContent()).toBe("Business");
  });

  it("shows each plan's monitors, agents and shortest check interval", async () => {
    const limits = await page
      .locator("#pricing .plan-limits")
      .evaluateAll((lists) =>
        lists.map((list) => [...list.querySelectorAll("dd")].map((dd) => dd.textContent)),
      );
    expect(limits).toEqual([
      ["10", "0", "5 min"],
      ["10", "0", "1 min"],
      ["50", "5", "1 min"],
      ["1,000", "Unlimited", "30 sec"],
    ]);
  });

  it("switches to yearly prices with their savings, and back to monthly", async () => {
    const pricing = page.locator("#pricing");
    await pricing.getByRole("button", { name: "Yearly" }).click();
    expect(await pricing.getByRole("button", { name: "Yearly" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await pricing.locator(".plan-price").allTextContents()).toEqual([
      "$0 forever",
      "$84 /year",
      "$240 /year",
      "Custom",
    ]);
    expect(await pricing.locator(".plan-note").allTextContents()).toEqual(
      expect.arrayContaining(["Save $12 a year", "Save $48 a year"]),
    );
    await pricing.getByRole("button", { name: "Monthly" }).click();
    expect(await pricing.locator(".plan-price").nth(1).textContent()).toBe("$8 /month");
  });

  it("sends paid plans to registration and Enterprise+ to a sales enquiry", async () => {
    const hrefs = await page
      .locator("#pricing .plan-cta")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(hrefs.slice(0, 3).every((href) => href?.endsWith("/app/register"))).toBe(true);
    expect(hrefs[3]).toBe("/contact?subject=Sales%20Inquiry");
  });

  it("says the apps are coming soon when no store links are configured", async () => {
    await expect(page.locator(".store-soon").textContent()).resolves.toContain(
      "Coming soon to the App Store and Google Play",
    );
    expect(await page.locator(".store-link").count()).toBe(0);
  });

  it("ends with a newsletter sign-up and a final call to action", async () => {
    await page.getByRole("heading", { name: "Notes from the on-call desk" }).waitFor();
    const finalCta = page.locator(".final-cta").getByRole("link", { name: "Get started free" });
    expect(await finalCta.getAttribute("href")).toMatch(/\/app\/register$/);
  });

  it("takes the promo banner to the pricing section", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const banner = page.getByRole("link", { name: "Free Forever - 10 Monitors" });
    expect(await banner.getAttribute("href")).toBe("/#pricing");
    await banner.click();
    await page.waitForURL(`${product.url}/#pricing`);
    await page.waitForFunction(() => {
      const top = document.getElementById("pricing")?.getBoundingClientRect().top ?? 999;
      return Math.abs(top) < 120;
    });
  });
});

describe("the home page's script", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("is a few kilobytes of its own instead of the whole app", async () => {
    const page = await browser.newPage();
    const scripts: { url: string; body: Buffer }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") {
        scripts.push({ url: response.url(), body: await response.body() });
      }
    });
    await page.goto(product.url, { waitUntil: "networkidle" });
    expect(scripts.map((script) => new URL(script.url).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/enhance-home-[\w-]+\.js$/),
    ]);
    const gzipped = scripts.reduce((sum, script) => sum + gzipSync(script.body).length, 0);
    expect(gzipped).toBeLessThan(8_000);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await page.close();
  });

  it("leaves the home page to the app when it is reached from another page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${product.url}/privacy`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.evaluate(() => Object.assign(window, { documentMarker: "same document" }));
    await page.locator(".site-header").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${product.url}/#pricing`);
    const pricing = page.locator("#pricing");
    await pricing.getByRole("button", { name: "Yearly" }).click();
    await expect
      .poll(() => pricing.locator(".plan-price").allTextContents())
      .toEqual(["$0 forever", "$84 /year", "$240 /year", "Custom"]);
    expect(await page.evaluate(() => (window as { documentMarker?: string }).documentMarker)).toBe(
      "same document",
    );
    expect(requested.filter((path) => path.includes("enhance-home"))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the home page of a server with store links", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({
        IOS_APP_URL: "https://apps.example.com/ios/upwatch",
        ANDROID_APP_URL: "https://play.example.com/store/apps/upwatch",
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("links to both app stores from the configuration", async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(product.url);
    const ios = page.getByRole("link", { name: /App Store/ });
    const android = page.getByRole("link", { name: /Google Play/ });
    expect(await ios.getAttribute("href")).toBe("https://apps.example.com/ios/upwatch");
    expect(await android.getAttribute("href")).toBe("https://play.example.com/store/apps/upwatch");
    expect(await page.locator(".store-soon").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
