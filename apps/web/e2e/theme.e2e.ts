import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const DARK_BACKGROUND = "rgb(11, 16, 32)";
const LIGHT_BACKGROUND = "rgb(255, 255, 255)";

describe("the theme", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  const background = () => getComputedStyle(document.body).backgroundColor;

  it("is dark by default even when the system prefers light", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(product.url);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(background)).toBe(DARK_BACKGROUND);
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await context.close();
  });

  it("switches to light, remembers it across visits, and switches back", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/contact`);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    expect(await page.evaluate(background)).toBe(LIGHT_BACKGROUND);
    expect(await page.evaluate(() => localStorage.getItem("upwatch-theme"))).toBe("light");

    await page.goto(`${product.url}/privacy`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await page.evaluate(background)).toBe(DARK_BACKGROUND);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await context.close();
  });

  it("applies a remembered light theme before the first paint, without a hydration mismatch", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      localStorage.setItem("upwatch-theme", "light");
      const seen: string[] = [];
      (window as unknown as { themeAtBody: string[] }).themeAtBody = seen;
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        seen.push(document.documentElement.dataset.theme ?? "none");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(product.url);
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string[] }).themeAtBody),
    ).toEqual(["light"]);
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the sun in the dark theme and the moon in the light one", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ["/", "/contact"]) {
      await page.goto(`${product.url}${path}`);
      const toggle = page.getByRole("button", { name: "Switch to light theme" });
      expect(await toggle.locator(".theme-icon-sun").isVisible(), path).toBe(true);
      expect(await toggle.locator(".theme-icon-moon").isVisible(), path).toBe(false);
      await toggle.click();
      const back = page.getByRole("button", { name: "Switch to dark theme" });
      expect(await back.locator(".theme-icon-moon").isVisible(), path).toBe(true);
      expect(await back.locator(".theme-icon-sun").isVisible(), path).toBe(false);
      await back.click();
    }
    await context.close();
  });

  it("follows on the home page a change made in another tab", async () => {
    const context = await browser.newContext();
    const home = await context.newPage();
    const other = await context.newPage();
    await Promise.all([home.goto(product.url), other.goto(`${product.url}/contact`)]);
    await other.getByRole("button", { name: "Switch to light theme" }).click();
    await home.waitForFunction(() => document.documentElement.dataset.theme === "light");
    await home.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    await context.close();
  });

  it("follows a change made in another tab", async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await Promise.all([first.goto(product.url), second.goto(`${product.url}/terms`)]);
    await first.getByRole("button", { name: "Switch to light theme" }).click();
    await second.waitForFunction(() => document.documentElement.dataset.theme === "light");
    await second.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    await context.close();
  });
});
