import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const PAGES = [
  "/",
  "/contact",
  "/privacy",
  "/terms",
  "/account-deletion",
  "/knowledge-base",
  "/knowledge-base/category/agents",
  "/knowledge-base/linux-agent",
  "/knowledge-base/subscription-plans",
  "/knowledge-base/pricing",
  "/knowledge-base/escalating-hysteresis",
  "/knowledge-base/monitoring-agents",
];

describe("the site without JavaScript", () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  it("shows every page's heading and content, styled, in the dark theme", async () => {
    const page = await context.newPage();
    for (const path of PAGES) {
      await page.goto(`${product.url}${path}`);
      const heading = page.locator("h1").first();
      expect(await heading.isVisible(), path).toBe(true);
      expect((await heading.textContent())?.trim().length, path).toBeGreaterThan(3);
      const text = (await page.locator("main").first().textContent()) ?? "";
      expect(text.length, path).toBeGreaterThan(300);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, path).toBe("rgb(11, 16, 32)");
    }
    await page.close();
  });

  it("leads every link on those pages to a page that answers", async () => {
    const page = await context.newPage();
    const links = new Set<string>();
    for (const path of PAGES) {
      await page.goto(`${product.url}${path}`);
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
      for (const href of hrefs) links.add(href.split("#")[0] || "/");
    }
    await page.close();
    expect(links.size).toBeGreaterThan(30);
    const broken: string[] = [];
    for (const href of links) {
      const response = await fetch(`${product.url}${href}`, { redirect: "manual" });
      if (response.status !== 200) broken.push(`${href}: ${response.status}`);
    }
    expect(broken).toEqual([]);
  });

  it("moves the old Slack address on to its article with a refresh", async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/slack-integration`);
    await page.waitForURL(`${product.url}/knowledge-base/slack-integration`);
    expect(await page.locator("h1").textContent()).toContain("Slack");
    await page.close();
  });

  it("says search needs JavaScript and keeps every article one click away by category", async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/knowledge-base?q=agent`);
    const note = page.locator(".kb-search-noscript");
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain("Search needs JavaScript.");
    expect(await page.locator(".kb-category-card").count()).toBeGreaterThan(3);
    await page.close();
  });
});
