import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const PHONE = { width: 390, height: 844 };

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** A phone-sized context; `bypassCSP` lets the accessibility checker's script in. */
async function newContext(browser: Browser, bypassCSP = false): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, bypassCSP });
  context.setDefaultTimeout(8_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  return context;
}

describe("monitor badges and the account's history length", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("switches a monitor's badges on, shows and copies their snippets, and switching off stops the addresses", async () => {
    const context = await newContext(browser);
    const account = await registerAccount(context, product);
    const monitor = await createHttpMonitor(account, {
      name: "Storefront",
      target: "https://example.com/",
      paused: true,
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/monitors/${monitor.id}`);
    const panel = page.locator("section", { has: page.locator("#badges-title") });
    const toggle = panel.getByLabel("Public badges");
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await panel.locator("img").count()).toBe(0);

    // The box follows the server's answer, so it is clicked and then read.
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const images = panel.locator("img");
    await expect.poll(() => images.count()).toBe(5);
    await expect
      .poll(() =>
        images.evaluateAll((all) =>
          all.every((image) => (image as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    const status = panel.locator(".badge-item", {
      has: page.getByRole("heading", { name: "Status" }),
    });
    const address = (await status.locator(".badge-snippet code").first().textContent()) ?? "";
    expect(address).toMatch(/\/badges\/[A-Za-z0-9_-]{32}\/status\.svg$/);
    expect(address).not.toContain(monitor.id);
    await status.getByRole("button", { name: "Copy Markdown" }).click();
    await status.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`![Status](${address})`);
    const svg = await context.request.get(`${product.url}${new URL(address).pathname}`);
    expect(svg.status()).toBe(200);
    expect(await svg.text()).toContain("status: paused");
    expect(await scrollsSideways(page)).toBe(false);

    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Switch the badges off?" });
    await dialog.getByRole("button", { name: "Switch badges off" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => images.count()).toBe(0);
    expect(await toggle.isChecked()).toBe(false);
    const gone = await context.request.get(`${product.url}${new URL(address).pathname}`);
    expect(gone.status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("passes the accessibility checks with every badge shown", async () => {
    const context = await newContext(browser, true);
    const account = await registerAccount(context, product);
    const monitor = await createHttpMonitor(account, {
      name: "Docs site",
      target: "https://example.com/",
      paused: true,
    });
    await account.api("PUT", `/monitors/${monitor.id}/badges`, { enabled: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/app/monitors/${monitor.id}`);
    await page.locator(".badge-item").nth(4).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("lets an Enterprise+ account choose its history length in Settings, and says what it keeps", async () => {
    const context = await newContext(browser, true);
    const account = await registerAccount(context, product);
    const page = await context.newPage();
    const errors = collectPageErrors(page, (url) => url.endsWith("/api/v1/account/history"));

    await page.goto(`${product.url}/app/settings`);
    const plan = page.locator("#plan");
    await plan.getByText("History kept").waitFor();
    await plan.getByText("30 days").waitFor();
    expect(await page.getByLabel("Days of history to keep").count()).toBe(0);

    await setPlan(product, account.accountId, "enterprise");
    await page.reload();
    const days = page.getByLabel("Days of history to keep");
    await days.waitFor();
    expect(await days.inputValue()).toBe("400");
    await days.fill("5000");
    await page.getByRole("button", { name: "Save history length" }).click();
    await page
      .getByText("The history length must be a whole number of days from 30 to 400")
      .waitFor();

    await days.fill("180");
    await page.getByRole("button", { name: "Save history length" }).click();
    await page.getByText("The account now keeps 180 days of history.").waitFor();
    await plan.locator("dd", { hasText: "180 days" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
