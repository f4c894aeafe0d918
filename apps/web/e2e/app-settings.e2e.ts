import type { Browser, BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn, registerInContext } from "./support/app-accounts.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("account settings in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    return context;
  }

  it("shows the plan's limits with the account's usage and how the operator changes plans", async () => {
    const context = await newContext();
    const account = await registerInContext(context, product, "plan");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    const plan = page.locator("#plan");
    await plan.getByRole("heading", { name: "Plan: Free" }).waitFor();
    await plan.getByText("0 of 10").waitFor();
    expect(await plan.getByText("Every 5 minutes").isVisible()).toBe(true);
    expect(await plan.textContent()).toContain(
      `npm run admin -- set-plan --account ${account.accountId} --plan`,
    );
    await context.close();
  });

  it("changes the password: a wrong current one is refused inline, then the new one signs in", async () => {
    const context = await newContext();
    const account = await registerInContext(context, product, "password");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    const form = page.locator("form", {
      has: page.getByRole("button", { name: "Change password" }),
    });
    await form.getByLabel("Current password").fill("not my password at all");
    await form.getByLabel("New password").fill("a new and longer passphrase");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("The current password is not correct.").waitFor();
    expect(await form.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Current password").fill(account.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed.").waitFor();
    expect(await form.getByLabel("New password").inputValue()).toBe("");

    const other = await newContext();
    const login = await other.newPage();
    await login.goto(`${product.url}/app/login`);
    await logIn(login, account.email, account.password);
    await login.getByText("The e-mail address or password is not correct.").waitFor();
    await logIn(login, account.email, "a new and longer passphrase");
    await login.waitForURL(`${product.url}/app`);
    await other.close();
    await context.close();
  });

  it("changes the sign-in address after the current password, and the header shows it", async () => {
    const context = await newContext();
    const account = await registerInContext(context, product, "address");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    const form = page.locator("form", {
      has: page.getByRole("button", { name: "Change e-mail address" }),
    });
    const next = account.email.replace("address-", "moved-");
    await form.getByLabel("New e-mail address").fill(next);
    await form.getByLabel("Current password").fill(account.password);
    await form.getByRole("button", { name: "Change e-mail address" }).click();
    await page.getByText(`You now sign in with ${next}.`).waitFor();
    await page.locator("header").getByText(next).waitFor();
    await context.close();
  });

  it("deletes the account only after its address is typed, signs out, and the login then fails", async () => {
    const context = await newContext();
    const account = await registerInContext(context, product, "delete");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    await page.getByRole("heading", { name: "Danger Zone" }).waitFor();
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account permanently?" });
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Delete My Account Permanently" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Your account e-mail address").fill("someone-else@example.com");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Your account e-mail address").fill(` ${account.email.toUpperCase()} `);
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await page.waitForURL(`${product.url}/`);
    await page.getByText("Your account and all its data were deleted").waitFor();
    const session = await context.request.get(`${product.url}/api/v1/auth/session`);
    expect(session.status()).toBe(401);

    await page.goto(`${product.url}/app/login`);
    await logIn(page, account.email, account.password);
    await page.getByText("The e-mail address or password is not correct.").waitFor();
    await context.close();
  });

  it("keeps the account when the deletion is cancelled", async () => {
    const context = await newContext();
    await registerInContext(context, product, "keep");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    const session = await context.request.get(`${product.url}/api/v1/auth/session`);
    expect(session.status()).toBe(200);
    await context.close();
  });
});
