import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SmtpSink } from "../../server/test/smtp-sink.ts";
import { logIn, PASSWORD, registerInContext, uniqueEmail } from "./support/app-accounts.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductBrowserAndMail } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("signing in to the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: SmtpSink;
  withProductBrowserAndMail((running) => {
    ({ product, browser, smtp } = running);
  });

  it("creates an account on the register page, with the rules shown inline, and lands in the app", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const email = uniqueEmail("register");
    await page.goto(`${product.url}/app/register`);
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    expect(await page.getByText("At least 10 characters").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Create account" }).click();
    expect(await page.getByText("Enter your e-mail address.").isVisible()).toBe(true);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    expect(await page.getByText("Use at least 10 characters; this one has 5.").isVisible()).toBe(
      true,
    );
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${product.url}/app`);
    await page.goto(`${product.url}/app/settings`);
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    const header = page.locator("header");
    expect(await header.getByText(email).isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Plan: Free" }).isVisible()).toBe(true);
    // The sign-in pages ask whether someone is signed in; "no" is a 401 the browser logs.
    expect(errors.filter((line) => !line.includes("status of 401"))).toEqual([]);
    await context.close();
  });

  it("refuses a second account with the same address, saying what to do", async () => {
    const context = await browser.newContext();
    const existing = await registerInContext(context, product, "taken");
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${product.url}/app/register`);
    await page.getByLabel("E-mail address").fill(existing.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("An account already uses that e-mail address.").waitFor();
    expect(page.url()).toBe(`${product.url}/app/register`);
    await page.context().close();
    await context.close();
  });

  it("signs out from the header, sends a signed-out visitor to log in, and returns after", async () => {
    const context = await browser.newContext();
    const account = await registerInContext(context, product, "signout");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/api-keys`);
    await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${product.url}/app/login`);
    await page.getByText("You have signed out.").waitFor();

    await page.goto(`${product.url}/app/settings`);
    await page.waitForURL(`${product.url}/app/login?next=%2Fapp%2Fsettings`);
    await logIn(page, account.email, account.password);
    await page.waitForURL(`${product.url}/app/settings`);
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    await context.close();
  });

  it("says when the e-mail address or the password is wrong, and stays on the form", async () => {
    const context = await browser.newContext();
    const account = await registerInContext(await browser.newContext(), product, "wrong");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await logIn(page, account.email, "not the password at all");
    await page
      .getByRole("alert")
      .getByText("The e-mail address or password is not correct.")
      .waitFor();
    expect(page.url()).toBe(`${product.url}/app/login`);
    expect(await page.getByRole("button", { name: "Log in" }).isEnabled()).toBe(true);
    await context.close();
  });

  it("says how long to wait after too many failed sign-ins", async () => {
    const context = await browser.newContext();
    const account = await registerInContext(await browser.newContext(), product, "throttle");
    for (let attempt = 0; attempt < 10; attempt++) {
      await context.request.post(`${product.url}/api/v1/auth/login`, {
        data: { email: account.email, password: `wrong password ${attempt}` },
      });
    }
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await logIn(page, account.email, account.password);
    const alert = page
      .getByRole("alert")
      .getByText(/Too many sign-in attempts\. Wait \d+ minutes?/);
    await alert.waitFor();
    expect(page.url()).toBe(`${product.url}/app/login`);
    await context.close();
  });

  it("resets a forgotten password from the mailed link, signs in, and the new password works", async () => {
    const account = await registerInContext(await browser.newContext(), product, "forgot");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByRole("button", { name: "Send the reset link" }).click();
    const sentence =
      "If an account uses that address, we have sent it a link to reset the password. The link works for one hour.";
    await page.getByText(sentence).waitFor();

    const mail = await waitForMail(smtp, account.email);
    const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    const target = new URL(String(link));
    expect(target.pathname).toBe("/app/reset-password");

    await page.goto(`${product.url}${target.pathname}${target.search}`);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    const newPassword = "a brand new passphrase";
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await page.waitForURL(`${product.url}/app`);

    // The link works once.
    const again = await (await browser.newContext()).newPage();
    await again.goto(`${product.url}${target.pathname}${target.search}`);
    await again.getByLabel("New password").fill("yet another passphrase");
    await again.getByRole("button", { name: "Save and sign in" }).click();
    await again.getByText("This reset link has expired or was already used.").waitFor();
    await again.context().close();

    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(`${product.url}/app/login`);
    await logIn(fresh, account.email, newPassword);
    await fresh.waitForURL(`${product.url}/app`);
    await fresh.context().close();
    await context.close();
  });

  it("answers an unknown address with the same sentence, so accounts cannot be discovered", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${product.url}/app/forgot-password`);
    await page.getByLabel("E-mail address").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await page.getByText("If an account uses that address, we have sent it a link").waitFor();
    await page.context().close();
  });

  it("follows next only to a page of the app, never to another site", async () => {
    const context = await browser.newContext();
    const account = await registerInContext(await browser.newContext(), product, "next");
    const page = await context.newPage();
    for (const next of ["https://evil.example/app", "//evil.example/app", "/contact"]) {
      await page.goto(`${product.url}/app/login?next=${encodeURIComponent(next)}`);
      await logIn(page, account.email, account.password);
      await page.waitForURL(`${product.url}/app`);
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${product.url}/app/login`);
    }
    await context.close();
  });

  it("keeps the theme chosen on the public site in the app, and the other way round", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(product.url);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    const login = await page.getByRole("link", { name: "Login" }).first().getAttribute("href");
    expect(new URL(String(login)).pathname).toBe("/app/login");
    await page.goto(`${product.url}/app/login`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.goto(product.url);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await context.close();
  });
});

async function waitForMail(smtp: SmtpSink, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((item) => item.to && JSON.stringify(item.to).includes(to));
    if (mail) return mail.text ?? "";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail reached ${to}.`);
}
