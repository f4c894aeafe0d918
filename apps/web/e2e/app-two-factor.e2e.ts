import { TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn, registerInContext } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

/**
 * The code an authenticator app would show for the secret. `ahead` steps later: a code is taken
 * for the step after the current one too, and each step's code only once.
 */
function codeFor(secret: string, ahead = 0): string {
  return new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });
}

async function signOut(page: Page, product: RunningProduct) {
  await page.goto(`${product.url}/app/api-keys`);
  await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${product.url}/app/login`);
}

describe("two-factor sign-in in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("turns on two-factor, then signs in with a code and with a recovery code, and lists the sessions", async () => {
    // axe is injected as an inline script, which the product's CSP refuses otherwise.
    const context = await browser.newContext({ bypassCSP: true });
    const account = await registerInContext(context, product, "two-factor");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Security" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Security" }).waitFor();
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.locator("#set-up-two-factor-password").fill(account.password);
    await page.getByRole("button", { name: "Continue" }).click();
    const secret = (await page.locator("[data-totp-secret]").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(
      await page.getByRole("img", { name: "QR code of the two-factor secret" }).isVisible(),
    ).toBe(true);
    await page.getByLabel("Code from your authenticator app").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    const codes = await page.locator("[data-recovery-codes] li").allTextContents();
    expect(await axeViolations(page)).toEqual([]);
    expect(codes).toHaveLength(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByText(/^On since /).waitFor();

    await signOut(page, product);
    await logIn(page, account.email, account.password);
    await page.getByRole("heading", { level: 1, name: "Two-factor sign-in" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Code from your authenticator app").fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${product.url}/app`);

    await signOut(page, product);
    await logIn(page, account.email, account.password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${product.url}/app`);

    await page.goto(`${product.url}/app/settings/security`);
    const sessions = page.getByRole("region", { name: "Sessions" });
    await sessions.getByText("This browser").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await sessions.getByText("Password and code").count()).toBeGreaterThan(0);
    expect(await page.getByText("9 of 10 recovery codes left.", { exact: false }).isVisible()).toBe(
      true,
    );
    await context.close();
  });
});
