import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { holdRequests, rejectFetchWithNonError, waitLikeAPerson } from "./support/forms.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const THANKS = "Thanks for subscribing! We'll keep you updated.";
const ENDPOINT = "**/email-subscriptions/subscribe";

describe("the newsletter sign-up", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ FORMS_RATE_LIMIT: "0" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function openHome(page?: Page): Promise<Page> {
    const tab = page ?? (await browser.newPage());
    await tab.goto(product.url);
    await tab.waitForFunction(() => document.querySelector("form.newsletter-form[novalidate]"));
    return tab;
  }

  const emailField = (page: Page) => page.getByRole("textbox", { name: "Email address" });
  const subscribe = (page: Page) => page.getByRole("button", { name: "Subscribe" }).click();
  const alertText = (page: Page) => page.locator(".newsletter-form [role=alert]").textContent();

  it("is a required e-mail field in a real form that posts to the API", async () => {
    const page = await openHome();
    const form = page.locator("form.newsletter-form");
    expect(await form.getAttribute("method")).toBe("post");
    expect(await form.getAttribute("action")).toBe("/email-subscriptions/subscribe");
    expect(await emailField(page).getAttribute("type")).toBe("email");
    expect(await emailField(page).getAttribute("required")).not.toBeNull();
    expect(await form.locator('input[name="website"]').getAttribute("tabindex")).toBe("-1");
    await page.close();
  });

  it("asks for a valid address when the field is empty or has no @", async () => {
    const page = await openHome();
    await subscribe(page);
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();
    expect(await emailField(page).getAttribute("aria-invalid")).toBe("true");
    expect(await emailField(page).evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    await emailField(page).fill("ops.example.com");
    await subscribe(page);
    await expect.poll(() => alertText(page)).toBe("Please enter a valid email address");
    await page.close();
  });

  it("shows Subscribing... while the request is on its way, then thanks in place of the form", async () => {
    const page = await openHome();
    const errors = collectPageErrors(page);
    const held = holdRequests();
    await page.route(ENDPOINT, held.handler);
    await emailField(page).fill("oncall@example.com");
    await waitLikeAPerson(page);
    await subscribe(page);
    const busy = page.getByRole("button", { name: "Subscribing..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    held.release();
    const thanks = page.getByRole("status");
    await thanks.getByText(THANKS).waitFor();
    expect(await thanks.textContent()).toContain(
      "Please confirm with the link we just e-mailed you.",
    );
    expect(await page.locator("form.newsletter-form").count()).toBe(0);
    expect(await thanks.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the real server's refusal in its own words", async () => {
    const page = await openHome();
    await emailField(page).fill("quick@example.com");
    await subscribe(page);
    await page
      .getByText("That was too quick to be a person. Please wait a moment and send the form again.")
      .waitFor();
    expect(await page.locator("form.newsletter-form").count()).toBe(1);
    await page.close();
  });

  it("says 'Failed to subscribe' when the server fails without a reason", async () => {
    const page = await openHome();
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 503, body: "" }));
    await emailField(page).fill("ops@example.com");
    await subscribe(page);
    await page.getByText("Failed to subscribe").waitFor();
    expect(await alertText(page)).toBe("Failed to subscribe");
    expect(await page.getByRole("button", { name: "Subscribe" }).isEnabled()).toBe(true);
    await page.close();
  });

  it("shows a forced server detail, such as a rate limit", async () => {
    const page = await openHome();
    await page.route(ENDPOINT, (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "60" },
        contentType: "application/json",
        body: JSON.stringify({
          detail: "Too many sign-ups from your network. Try again in a minute.",
        }),
      }),
    );
    await emailField(page).fill("ops@example.com");
    await subscribe(page);
    await page.getByText("Too many sign-ups from your network. Try again in a minute.").waitFor();
    await page.close();
  });

  it("asks to try again when the network fails", async () => {
    const page = await openHome();
    await page.route(ENDPOINT, (route) => route.abort("connectionrefused"));
    await emailField(page).fill("ops@example.com");
    await subscribe(page);
    await page.getByText("Something went wrong. Please try again.").waitFor();
    await page.close();
  });

  it("asks to try again when the failure is not even an Error", async () => {
    const page = await browser.newPage();
    await rejectFetchWithNonError(page, "/email-subscriptions/subscribe");
    await openHome(page);
    await emailField(page).fill("ops@example.com");
    await subscribe(page);
    await page.getByText("Something went wrong. Please try again.").waitFor();
    await page.close();
  });

  it("subscribes the same way when the home page is reached from another page", async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/privacy`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.locator(".site-header").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${product.url}/#pricing`);
    await page.waitForFunction(() => document.querySelector("form.newsletter-form[novalidate]"));
    await subscribe(page);
    await expect.poll(() => alertText(page)).toBe("Please enter a valid email address");
    await emailField(page).fill("in-app@example.com");
    await waitLikeAPerson(page);
    await subscribe(page);
    await page.getByRole("status").getByText(THANKS).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("still subscribes without JavaScript and shows the server's answer", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(product.url);
    await emailField(page).fill("no-script@example.com");
    await Promise.all([
      page.waitForURL(`${product.url}/email-subscriptions/subscribe`),
      subscribe(page),
    ]);
    expect(await page.locator("body").textContent()).toContain("Thanks for subscribing!");
    await context.close();
  });
});
