import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const INVITE_ONLY =
  "Registration is by invitation only: ask an owner or admin of the account you want to join to invite you.";
const CLOSED = "Sign-ups are closed on this server: ask its operator to create an account for you.";

describe("the site and the app on servers that do not take sign-ups", () => {
  const products: Record<string, RunningProduct> = {};
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // One after the other: the first start builds what is stale, the others reuse it.
    for (const mode of ["open", "invite-only", "closed"]) {
      products[mode] = await startProduct({ REGISTRATION: mode });
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    for (const product of Object.values(products)) await product.stop();
  });

  const visibleText = (page: Page, text: string) => page.getByText(text).first().isVisible();
  const signUpLinksShown = (page: Page) =>
    page
      .locator("a[href$='/app/register']")
      .evaluateAll(
        (links) => links.filter((link) => (link as HTMLElement).offsetParent !== null).length,
      );

  it("offers sign-up everywhere, and no notice, when anyone may register", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(products.open!.url);
    expect(await page.getByRole("link", { name: "Get Started", exact: true }).isVisible()).toBe(
      true,
    );
    expect(await signUpLinksShown(page)).toBeGreaterThan(3);
    expect(await visibleText(page, INVITE_ONLY)).toBe(false);
    expect(await visibleText(page, CLOSED)).toBe(false);
    await page.close();
  });

  for (const [mode, notice, title] of [
    ["invite-only", INVITE_ONLY, "Registration is by invitation only"],
    ["closed", CLOSED, "Sign-ups are closed"],
  ] as const) {
    it(`says why instead of offering sign-up on the home page when REGISTRATION is ${mode}, with or without scripts`, async () => {
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({
          javaScriptEnabled,
          viewport: { width: 1280, height: 900 },
        });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.goto(products[mode]!.url);
        expect(await signUpLinksShown(page)).toBe(0);
        expect(await page.locator(".hero").getByText(notice).isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: "Login", exact: true }).isVisible()).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

    it(`shows why instead of the register form and the login page's sign-up link when REGISTRATION is ${mode}`, async () => {
      const page = await browser.newPage();
      await page.goto(`${products[mode]!.url}/app/register`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await visibleText(page, notice)).toBe(true);
      expect(await page.getByRole("button", { name: "Create account" }).count()).toBe(0);

      await page.getByRole("link", { name: "Log in" }).click();
      await page.getByRole("heading", { level: 1, name: "Log in to Upwatch" }).waitFor();
      expect(await visibleText(page, notice)).toBe(true);
      expect(await page.getByRole("link", { name: "Create a free account" }).count()).toBe(0);
      await page.close();
    });
  }
});
