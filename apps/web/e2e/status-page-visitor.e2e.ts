import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SmtpSink } from "../../server/test/smtp-sink.ts";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductBrowserAndMail } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const VISITOR = "visitor@example.com";

type ParsedMail = SmtpSink["received"][number];

async function waitForMail(
  smtp: SmtpSink,
  matches: (mail: ParsedMail) => boolean,
): Promise<ParsedMail> {
  await expect.poll(() => smtp.received.some(matches), { timeout: 20_000 }).toBe(true);
  return smtp.received.find(matches) as ParsedMail;
}

const linkIn = (mail: ParsedMail, path: string) =>
  new RegExp(`(https?://\\S+${path}\\?token=\\S+)`).exec(mail.text ?? "")?.[1] ?? "";

/** A header as the mail carried it, folded lines joined. */
const headerLine = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ") ?? "";

/** The List-Unsubscribe address a mail client would use for one-click unsubscribe. */
const oneClickAddress = (mail: ParsedMail) =>
  /<(https?:[^>]+)>/.exec(headerLine(mail, "list-unsubscribe"))?.[1] ?? "";

/** Opens an address of the product in a page, whatever host the mail named. */
const onProduct = (product: RunningProduct, address: string) => {
  const url = new URL(address);
  return `${product.url}${url.pathname}${url.search}`;
};

describe("a status page as its visitors see it", () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: SmtpSink;
  withProductBrowserAndMail((running) => {
    ({ product, browser, smtp } = running);
  });

  async function postUpdate(page: Page, stage: string, message: string) {
    const form = page.locator(".status-incident-form");
    await form.getByLabel(/^Stage/).selectOption({ label: stage });
    await form.getByLabel(/^Message/).fill(message);
    await form.getByRole("button", { name: "Post update" }).click();
    await page.locator(".status-timeline-item", { hasText: message }).waitFor();
  }

  /** axe needs a script in the page, which the public page's policy refuses: a separate look. */
  async function publicViolations(slug: string): Promise<string[]> {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await visitorPage(context, slug);
    const violations = await axeViolations(page);
    await context.close();
    return violations;
  }

  async function visitorPage(context: BrowserContext, slug: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${product.url}/status/${slug}`);
    return page;
  }

  it("shows an incident posted in the app, mails it to a confirmed subscriber, and lets them leave in one click", async () => {
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    owner.setDefaultTimeout(10_000);
    const account = await registerAccount(owner, product);
    await setPlan(product, account.accountId, "hobby");
    const app = await owner.newPage();
    const appErrors = collectPageErrors(app);

    // The owner builds the page in the app.
    await app.goto(`${product.url}/app/status-pages/new`);
    await app.getByLabel(/^Name/).fill("Acme Cloud");
    await app.getByLabel(/^Address/).fill("acme-cloud");
    await app.getByRole("button", { name: "Create status page" }).click();
    await app.getByRole("heading", { level: 1, name: "Acme Cloud" }).waitFor();
    const addForm = app.getByRole("region", { name: "Add a component" });
    await addForm.getByLabel(/^Component name/).fill("Payments");
    await addForm.getByRole("button", { name: "Add component" }).click();
    await app.getByText("Payments is added").waitFor();

    // A visitor without JavaScript sees everything working and subscribes.
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    visitor.setDefaultTimeout(10_000);
    const publicPage = await visitorPage(visitor, "acme-cloud");
    await publicPage.getByRole("heading", { name: "All systems operational" }).waitFor();
    expect(await publicViolations("acme-cloud")).toEqual([]);
    await publicPage.getByLabel("Email address").fill(VISITOR);
    await publicPage.getByRole("button", { name: "Subscribe" }).click();
    await publicPage
      .getByText(/confirm/i)
      .first()
      .waitFor();

    const confirmation = await waitForMail(smtp, (mail) => /^Confirm/.test(mail.subject ?? ""));
    expect(confirmation.to && "text" in confirmation.to ? confirmation.to.text : "").toContain(
      VISITOR,
    );
    const confirmPage = await visitor.newPage();
    await confirmPage.goto(onProduct(product, linkIn(confirmation, "/subscription/confirm")));
    await confirmPage
      .getByText(/confirmed/i)
      .first()
      .waitFor();

    // The owner posts an Investigating incident; the visitor sees it at once.
    await app.getByRole("link", { name: "Incidents" }).click();
    await app.getByRole("link", { name: "Post an incident" }).click();
    await app.getByLabel(/^Title/).fill("Card payments fail");
    await app.getByLabel(/^Message/).fill("Some customers see errors when paying by card.");
    await app.getByRole("checkbox", { name: "Payments" }).check();
    await app.getByRole("button", { name: "Post incident" }).click();
    await app.getByRole("heading", { level: 2, name: "Card payments fail" }).waitFor();

    await publicPage.goto(`${product.url}/status/acme-cloud`);
    await publicPage.getByRole("heading", { name: "Major outage" }).waitFor();
    const body = await publicPage.locator("body").textContent();
    expect(body).toContain("Card payments fail");
    expect(body).toContain("Some customers see errors when paying by card.");
    expect(body).toContain("Investigating");
    expect(await publicViolations("acme-cloud")).toEqual([]);
    await waitForMail(smtp, (mail) => mail.subject === "[Acme Cloud] Incident: Card payments fail");

    // Resolved: the subscriber receives it, with one-click unsubscribe headers.
    await postUpdate(app, "Resolved", "Payments have worked normally for 30 minutes.");
    const resolved = await waitForMail(
      smtp,
      (mail) => mail.subject === "[Acme Cloud] Resolved: Card payments fail",
    );
    expect(resolved.text).toContain("Payments have worked normally for 30 minutes.");
    expect(headerLine(resolved, "list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    await publicPage.goto(`${product.url}/status/acme-cloud`);
    await publicPage.getByRole("heading", { name: "All systems operational" }).waitFor();

    // One click in the mail's unsubscribe page ends the subscription.
    const leave = await visitor.newPage();
    await leave.goto(onProduct(product, oneClickAddress(resolved)));
    await leave.getByRole("button", { name: "Unsubscribe" }).click();
    await leave
      .getByText(/unsubscribed/i)
      .first()
      .waitFor();

    await app.getByRole("link", { name: "Subscribers" }).click();
    const row = app.getByRole("row", { name: new RegExp(VISITOR) });
    await row.getByText(/unsubscribed/i).waitFor();
    expect(appErrors).toEqual([]);
    await visitor.close();
    await owner.close();
  });
});
