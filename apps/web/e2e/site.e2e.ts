import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("the site in Chromium", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("shows the home page with its title and heading", async () => {
    const page = await browser.newPage();
    await page.goto(product.url);
    expect(await page.title()).toMatch(/ \| Upwatch$/);
    expect(await page.locator("h1").first().textContent()).toBeTruthy();
    await page.close();
  });

  it("shows the not-found page for an unknown address and leads back home without a reload", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${product.url}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${product.url}/`);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
    await page.close();
  });
});
