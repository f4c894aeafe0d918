import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const PATHS = [
  "/",
  "/contact",
  "/privacy",
  "/terms",
  "/account-deletion",
  "/no-such-page",
  "/knowledge-base",
  "/knowledge-base?q=agent",
  "/knowledge-base/category/agents",
  "/knowledge-base/linux-agent",
  "/knowledge-base/subscription-plans",
  "/knowledge-base/pricing",
  "/knowledge-base/escalating-hysteresis",
];

describe("accessibility", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  for (const theme of ["dark", "light"]) {
    it(`passes the WCAG 2.1 AA and best-practice checks, contrast included, on every page in the ${theme} theme`, async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        bypassCSP: true,
      });
      await context.addInitScript((theme) => localStorage.setItem("upwatch-theme", theme), theme);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of PATHS) {
        await page.goto(`${product.url}${path}`, { waitUntil: "networkidle" });
        found.push(...(await axeViolations(page)).map((line) => `${path} ${line}`));
      }
      expect(found).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it("passes the same checks on a phone-sized screen, where code and tables scroll sideways", async () => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of [
      "/",
      "/contact",
      "/knowledge-base",
      "/knowledge-base/linux-agent",
      "/knowledge-base/subscription-plans",
      "/knowledge-base/monitors-vs-agents",
    ]) {
      await page.goto(`${product.url}${path}`, { waitUntil: "networkidle" });
      found.push(...(await axeViolations(page)).map((line) => `${path} ${line}`));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 60_000);

  it("passes the same checks with the phone menu open and with form errors showing", async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/contact`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Please enter your name.").waitFor();
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("passes the same checks with the help-centre search suggestions open", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/knowledge-base`, { waitUntil: "networkidle" });
    await page.getByRole("combobox").fill("webhook");
    await page.getByRole("option").first().waitFor();
    await page.keyboard.press("ArrowDown");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("lets a keyboard user skip to the content and shows where the focus is", async () => {
    const page = await browser.newPage();
    await page.goto(product.url, { waitUntil: "networkidle" });
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});
