import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerInContext, uniqueEmail } from "./support/app-accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { screenshot } from "./support/screenshots.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const INVITE_ONLY =
  "Registration is by invitation only: ask an owner or admin of the account you want to join to invite you.";

describe("a newcomer running the self-hosted edition", () => {
  let browser: Browser;
  let product: RunningProduct;
  // Listening on every address without PUBLIC_URL: the links it writes would name localhost.
  let unaddressed: RunningProduct;
  beforeAll(async () => {
    browser = await launchBrowser();
    product = await startProduct({ EDITION: "self-hosted" });
    unaddressed = await startProduct({ EDITION: "self-hosted", HOST: "0.0.0.0" });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await unaddressed?.stop();
  });

  it("opens the app at /, registers the first account, and meets no plan wall or badge", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Signed out, the app's first question (who is signed in?) is answered 401.
    const errors = collectPageErrors(page, (url) => url.endsWith("/api/v1/auth/session"));
    await page.goto(product.url);
    await page.waitForURL(/\/app\/login/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByText("Every feature is on, without limits.").waitFor();
    await screenshot(page, "self-hosted-register");
    expect(await page.getByText("you agree to the terms").count()).toBe(0);
    await page.locator("#register-email").fill(uniqueEmail("owner"));
    await page.locator("#register-password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/app" || url.pathname === "/app/");
    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByRole("radio", { name: /^TCP/ }).waitFor();
    expect(await page.locator(".plan-badge").count()).toBe(0);
    for (const name of [/^TCP/, /^DNS/, /^SSL certificate/, /^Multi-step API/]) {
      expect(await page.getByRole("radio", { name }).isDisabled()).toBe(false);
    }
    await screenshot(page, "self-hosted-new-monitor");
    await page.goto(`${product.url}/app/settings`);
    await page.getByRole("heading", { name: "Every feature, no limits" }).waitFor();
    await page.getByText("This server runs the self-hosted edition").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tells the next person who tries to register that this server takes invitations only", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/register`);
    await page.getByRole("heading", { name: "Registration is by invitation only" }).waitFor();
    await page.getByText(INVITE_ONLY).waitFor();
    expect(await page.locator("#register-password").count()).toBe(0);
    await screenshot(page, "self-hosted-register-closed");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the help centre, says whose plans its articles name, and has no pricing page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${product.url}/knowledge-base`);
    await page.getByText("This server runs the self-hosted edition").waitFor();
    // No visible link leads to a page this edition does not serve.
    const deadLinks = await page.locator("a").evaluateAll((links) =>
      links
        .filter((link) => (link as HTMLElement).offsetParent !== null)
        .map((link) => link.getAttribute("href") ?? "")
        .filter((href) =>
          /^\/(#|contact|privacy|terms|account-deletion|knowledge-base\/pricing)/.test(href),
        ),
    );
    expect(deadLinks).toEqual([]);
    expect(await page.locator(".promo-banner").isVisible()).toBe(false);
    await screenshot(page, "self-hosted-help-centre");
    const pricing = await page.goto(`${product.url}/knowledge-base/pricing`);
    expect(pricing?.status()).toBe(404);
    await page.close();
  });

  it("shows the server's owner that PUBLIC_URL is unset while others can reach the server", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await registerInContext(context, unaddressed, "owner");
    const page = await context.newPage();
    await page.goto(`${unaddressed.url}/app`);
    const notice = page.getByRole("region", { name: "Server settings to fix" });
    await notice.getByText("PUBLIC_URL is not set").waitFor();
    await screenshot(page, "self-hosted-public-url-notice");
    // The server said it once when it started; the one answering only on loopback never did.
    expect(unaddressed.output().split("PUBLIC_URL is not set").length - 1).toBe(1);
    expect(product.output()).not.toContain("PUBLIC_URL is not set");
    await context.close();
  });
});
