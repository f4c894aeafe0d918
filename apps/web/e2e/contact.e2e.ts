import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { holdRequests, rejectFetchWithNonError, waitLikeAPerson } from "./support/forms.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const SUPPORT_EMAIL = "help@status.example.com";
const THANKS = "Thank you for contacting us! We'll get back to you within 24 hours.";

describe("the contact form", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ SUPPORT_EMAIL, FORMS_RATE_LIMIT: "0" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function openForm(path = "/contact"): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${product.url}${path}`);
    await page.waitForFunction(() => document.querySelector("form.contact-form[novalidate]"));
    return page;
  }

  async function fillIn(page: Page, overrides: Partial<Record<string, string>> = {}) {
    const values = {
      Name: "Ada Lovelace",
      Email: "ada@example.com",
      Message: "Our checkout monitor flaps between up and down every few minutes.",
      ...overrides,
    };
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(values.Name);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(values.Email);
    await page
      .getByRole("combobox", { name: "Subject" })
      .selectOption(overrides.Subject ?? "Technical Support");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill(values.Message);
  }

  const send = (page: Page) => page.getByRole("button", { name: "Send message" }).click();
  const alertText = (page: Page) => page.locator(".contact-form [role=alert]").textContent();

  it("marks all four fields required with an asterisk and offers the six subjects", async () => {
    const page = await openForm();
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      const field = page.locator(`form.contact-form [name="${label.toLowerCase()}"]`);
      expect(await field.getAttribute("required")).not.toBeNull();
      const labelText = await page
        .locator(`label[for="${await field.getAttribute("id")}"]`)
        .textContent();
      expect(labelText).toBe(`${label} *`);
    }
    expect(
      await page.getByRole("textbox", { name: "Email", exact: true }).getAttribute("type"),
    ).toBe("email");
    const subjects = await page
      .getByRole("combobox", { name: "Subject" })
      .locator("option:not([disabled])")
      .allTextContents();
    expect(subjects).toEqual([
      "Technical Support",
      "Billing Question",
      "Feature Request",
      "Sales Inquiry",
      "General Question",
      "Bug Report",
    ]);
    await page.close();
  });

  it("is a real form that posts to the API, with a hidden honeypot", async () => {
    const page = await openForm();
    const form = page.locator("form.contact-form");
    expect(await form.getAttribute("method")).toBe("post");
    expect(await form.getAttribute("action")).toBe("/public/contact");
    const honeypot = form.locator('input[name="website"]');
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    const box = await honeypot.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
    expect(await form.locator(".spam-trap").getAttribute("aria-hidden")).toBe("true");
    expect(await form.locator('input[name="elapsedMs"]').getAttribute("type")).toBe("hidden");
    await page.close();
  });

  it("explains a missing or wrong field beside it and moves the focus there", async () => {
    const page = await openForm();
    await send(page);
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await page.getByText("Please enter your name.").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    const described = await name.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe("Please enter your name.");

    await fillIn(page, { Email: "ada-at-example.com" });
    await send(page);
    await page.getByText("Please enter a valid email address.").waitFor();
    expect(
      await page
        .getByRole("textbox", { name: "Email", exact: true })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.close();
  });

  it("shows Sending... on a disabled button, then the server's thanks, and clears the form", async () => {
    const page = await openForm();
    const errors = collectPageErrors(page);
    const held = holdRequests();
    await page.route("**/public/contact", held.handler);
    await fillIn(page, { Subject: "Bug Report" });
    await waitLikeAPerson(page);
    await send(page);
    const button = page.getByRole("button", { name: "Sending..." });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    held.release();
    await page.getByRole("status").getByText(THANKS).waitFor();
    expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Email", exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("combobox", { name: "Subject" }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the real server's refusal in its own words", async () => {
    const page = await openForm();
    await fillIn(page);
    await send(page);
    await page
      .getByText("That was too quick to be a person. Please wait a moment and send the form again.")
      .waitFor();
    expect(await page.locator(".contact-form [role=status]").textContent()).toBe("");
    expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe(
      "Ada Lovelace",
    );
    await page.close();
  });

  it("shows the detail of a rate-limit answer", async () => {
    const page = await openForm();
    await page.route("**/public/contact", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "540" },
        contentType: "application/json",
        body: JSON.stringify({
          detail: "Too many messages from your network. Try again in 9 minutes.",
        }),
      }),
    );
    await fillIn(page);
    await send(page);
    await page.getByText("Too many messages from your network. Try again in 9 minutes.").waitFor();
    expect(await alertText(page)).toBe(
      "Too many messages from your network. Try again in 9 minutes.",
    );
    await page.close();
  });

  it("says 'Failed to send message' when the server fails without a reason", async () => {
    const page = await openForm();
    await page.route("**/public/contact", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await fillIn(page);
    await send(page);
    await page.getByText("Failed to send message").waitFor();
    expect(await alertText(page)).toBe("Failed to send message");
    await page.close();
  });

  it("offers the support address when the network fails", async () => {
    const page = await openForm();
    await page.route("**/public/contact", (route) => route.abort("internetdisconnected"));
    await fillIn(page);
    await send(page);
    const fallback = `There was an error. Please email us directly at ${SUPPORT_EMAIL}`;
    await page.getByText(fallback).waitFor();
    expect(await alertText(page)).toBe(fallback);
    await page.close();
  });

  it("offers the support address when the failure is not even an Error", async () => {
    const page = await browser.newPage();
    await rejectFetchWithNonError(page, "/public/contact");
    await page.goto(`${product.url}/contact`);
    await page.waitForFunction(() => document.querySelector("form.contact-form[novalidate]"));
    await fillIn(page);
    await send(page);
    await page
      .getByText(`There was an error. Please email us directly at ${SUPPORT_EMAIL}`)
      .waitFor();
    await page.close();
  });

  it("picks the subject from a sales link", async () => {
    const page = await openForm("/contact?subject=Sales%20Inquiry");
    await page.waitForFunction(
      () => (document.querySelector('select[name="subject"]') as HTMLSelectElement).value !== "",
    );
    expect(await page.getByRole("combobox", { name: "Subject" }).inputValue()).toBe(
      "Sales Inquiry",
    );
    await page.close();
  });

  it("still sends a message without JavaScript and shows the server's answer", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product.url}/contact`);
    await fillIn(page, { Subject: "Sales Inquiry" });
    await Promise.all([page.waitForURL(`${product.url}/public/contact`), send(page)]);
    expect(await page.locator("body").textContent()).toContain(THANKS);
    await context.close();
  });
});
