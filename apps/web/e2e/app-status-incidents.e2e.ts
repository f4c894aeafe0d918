import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../server/test/smtp-sink.ts";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { checkNow, createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

interface Component {
  id: string;
  name: string;
  state: string;
  shown_state: string;
}

let slugCounter = 0;

/** A Hobby account's page with an API component linked to `monitorId` and a Website one. */
async function pageWithComponents(account: AppAccount, product: RunningProduct, monitorId: string) {
  await setPlan(product, account.accountId, "hobby");
  slugCounter += 1;
  const slug = `acme-${Date.now().toString(36)}-${slugCounter}`;
  const page = await account.api<{ id: string; slug: string }>("POST", "/status-pages", {
    name: "Acme status",
    slug,
  });
  const api = await account.api<Component>("POST", `/status-pages/${page.id}/components`, {
    name: "API",
    monitor_ids: [monitorId],
  });
  await account.api("POST", `/status-pages/${page.id}/components`, { name: "Website" });
  return { ...page, apiComponentId: api.id };
}

async function componentState(account: AppAccount, pageId: string, componentId: string) {
  const { data } = await account.api<{ data: Component[] }>(
    "GET",
    `/status-pages/${pageId}/components`,
  );
  return data.find((component) => component.id === componentId);
}

async function postUpdate(page: Page, stage: string, message: string) {
  const form = page.locator(".status-incident-form");
  await form.getByLabel(/^Stage/).selectOption({ label: stage });
  await form.getByLabel(/^Message/).fill(message);
  await form.getByRole("button", { name: "Post update" }).click();
  await page.locator(".status-timeline-item", { hasText: message }).waitFor();
}

/** The link to confirm a subscription, from the confirmation mail sent to `email`. */
async function confirmationLink(smtp: SmtpSink, product: RunningProduct, email: string) {
  const sentTo = (mail: SmtpSink["received"][number]) =>
    /^Confirm/.test(mail.subject ?? "") &&
    (mail.to && "text" in mail.to ? mail.to.text : "").includes(email);
  await expect.poll(() => smtp.received.some(sentTo), { timeout: 20_000 }).toBe(true);
  const mail = smtp.received.find(sentTo);
  const link = /(https?:\/\/\S+\/subscription\/confirm\?token=\S+)/.exec(mail?.text ?? "")?.[1];
  const url = new URL(link ?? "");
  return `${product.url}${url.pathname}${url.search}`;
}

/** "2026-12-01T02:00" for the browser's datetime-local field, `hours` from now. */
function localInput(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  date.setMinutes(0, 0, 0);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:00`;
}

describe("incidents, maintenance and subscribers of a status page in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  let smtp: SmtpSink;
  const env: Record<string, string> = { ...PRIVATE_TARGETS };
  beforeAll(async () => {
    smtp = await startSmtpSink();
    Object.assign(env, { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  withProductAndBrowser((running) => ({ product, browser } = running), env);
  withHttpTarget((target) => (site = target));

  it("posts an Investigating incident on a component, updates it through Resolved, and corrects a message", async () => {
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    site.failing = false;
    const monitor = await createHttpMonitor(account, { name: "Orders", target: `${site.url}/ok` });
    const status = await pageWithComponents(account, product, monitor.id);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/status-pages/${status.id}`);
    await page.getByRole("link", { name: "Incidents" }).click();
    await page.getByRole("heading", { name: "No open incidents" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Post an incident" }).click();
    await page.getByRole("heading", { name: "Post an incident" }).waitFor();
    await page.getByRole("button", { name: "Post incident" }).click();
    await page.getByText("Give the incident a title").waitFor();
    expect(await page.getByLabel(/^Stage/).inputValue()).toBe("investigating");
    await page.getByLabel(/^Title/).fill("Checkout is failing");
    await page.getByLabel(/^Message/).fill("We are looking into failed payments.");
    await page.getByRole("checkbox", { name: "API" }).check();
    expect(await page.getByLabel("State of API").inputValue()).toBe("major_outage");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Post incident" }).click();

    await page.getByRole("heading", { level: 2, name: "Checkout is failing" }).waitFor();
    await page.locator(".status-timeline-item", { hasText: "Investigating" }).waitFor();
    expect((await componentState(account, status.id, status.apiComponentId))?.state).toBe(
      "major_outage",
    );
    expect(await axeViolations(page)).toEqual([]);

    await postUpdate(page, "Identified", "A certificate expired on the payment gateway.");
    await postUpdate(page, "Monitoring", "The certificate is renewed; we are watching.");
    const form = page.locator(".status-incident-form");
    await form.getByLabel(/^Stage/).selectOption({ label: "Resolved" });
    expect(await form.getByLabel("State of API").inputValue()).toBe("operational");
    await form.getByLabel(/^Message/).fill("Payments work again.");
    await form.getByRole("button", { name: "Post update" }).click();
    await page.getByText("The incident is resolved.").waitFor();
    await page.getByText(/resolved .*, after/).waitFor();
    expect(await page.locator(".status-timeline-item").count()).toBe(4);
    expect((await componentState(account, status.id, status.apiComponentId))?.state).toBe(
      "operational",
    );

    await page
      .locator(".status-timeline-item", { hasText: "Payments work again." })
      .getByRole("button", { name: /^Edit message of the Resolved update/ })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit the update's message" });
    await edit.getByLabel("Message").fill("Payments work again. See https://example.com/report.");
    await edit.getByRole("button", { name: "Save message" }).click();
    await page.getByText("The message is corrected.").waitFor();
    const link = page.getByRole("link", { name: "https://example.com/report" });
    expect(await link.getAttribute("rel")).toBe("nofollow ugc noopener");

    await page.getByRole("link", { name: "Back to incidents" }).click();
    await page.getByRole("heading", { name: "No open incidents" }).waitFor();
    const past = page.locator(".status-incident-card", { hasText: "Checkout is failing" });
    await past.waitFor();
    expect(await past.textContent()).toContain("4 updates");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("corrects an incident's title, and the public page shows the new one", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    const monitor = await createHttpMonitor(account, { name: "Orders", target: `${site.url}/ok` });
    const status = await pageWithComponents(account, product, monitor.id);
    const incident = await account.api<{ id: string }>(
      "POST",
      `/status-pages/${status.id}/incidents`,
      { title: "Chekout is failng", message: "We are looking into failed payments." },
    );
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/status-pages/${status.id}/incidents/${incident.id}`);
    await page.getByRole("heading", { level: 2, name: "Chekout is failng" }).waitFor();

    await page.getByRole("button", { name: "Edit title" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit the incident's title" });
    await dialog.getByText("Subscribers are not mailed again.").waitFor();
    const title = dialog.getByLabel(/^Title/);
    expect(await title.inputValue()).toBe("Chekout is failng");
    await title.fill("   ");
    await dialog.getByRole("button", { name: "Save title" }).click();
    await dialog.getByText("Give the incident a title").waitFor();
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);

    await title.fill("Checkout is failing");
    await dialog.getByRole("button", { name: "Save title" }).click();
    await page.getByText("The title is corrected.").waitFor();
    await page.getByRole("heading", { level: 2, name: "Checkout is failing" }).waitFor();

    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${product.url}/status/${status.slug}`);
    await publicPage.getByText("Checkout is failing").first().waitFor();
    expect(await publicPage.getByText("Chekout is failng").count()).toBe(0);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it("schedules maintenance in the browser's time zone, changes it and cancels it, in the light theme", async () => {
    const context = await browser.newContext({
      bypassCSP: true,
      colorScheme: "light",
      timezoneId: "Pacific/Auckland",
    });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    const monitor = await createHttpMonitor(account, { name: "Orders", target: `${site.url}/ok` });
    const status = await pageWithComponents(account, product, monitor.id);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/status-pages/${status.id}/maintenance`);
    await page.getByRole("heading", { name: "No maintenance scheduled" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const start = localInput(24);
    const end = localInput(26);
    await page.getByLabel(/^Title/).fill("Database upgrade");
    await page.getByLabel(/^Starts/).fill(start);
    await page.getByLabel(/^Ends/).fill(localInput(23));
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page.getByText("The end must be after the start.").waitFor();
    await page.getByLabel(/^Ends/).fill(end);
    await page.getByRole("checkbox", { name: "API" }).check();
    await page.getByLabel(/^Message/).fill("Checkout may be slow for a few minutes.");
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page.getByText("Database upgrade is scheduled.").waitFor();
    const card = page.locator(".status-window", { hasText: "Database upgrade" });
    await card.getByText("Scheduled", { exact: true }).waitFor();
    expect(await card.textContent()).toContain("Components: API");

    const { data } = await account.api<{ data: { starts_at: string; ends_at: string }[] }>(
      "GET",
      `/status-pages/${status.id}/maintenances`,
    );
    expect(Date.parse(data[0]?.starts_at ?? "")).toBe(
      await page.evaluate((value) => new Date(value).getTime(), start),
    );

    await card.getByRole("button", { name: "Edit Database upgrade" }).click();
    const editor = page.locator(".status-window form");
    expect(await editor.getByLabel(/^Starts/).inputValue()).toBe(start);
    await editor.getByLabel(/^Title/).fill("Database upgrade to v17");
    await editor.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved.").waitFor();
    const renamed = page.locator(".status-window", { hasText: "Database upgrade to v17" });
    await renamed.getByRole("button", { name: "Cancel Database upgrade to v17" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Database upgrade to v17?" });
    await dialog.getByRole("button", { name: "Cancel maintenance" }).click();
    await renamed.getByText("Cancelled", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await renamed.getByRole("button", { name: "Delete Database upgrade to v17" }).click();
    await page
      .getByRole("dialog", { name: "Delete Database upgrade to v17?" })
      .getByRole("button", { name: "Delete maintenance" })
      .click();
    await page.getByRole("heading", { name: "No maintenance scheduled" }).waitFor();
    await context.close();
  });

  it("lists a subscriber, exports the subscribers as CSV, and removes one", async () => {
    const context = await browser.newContext({ bypassCSP: true, acceptDownloads: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    const monitor = await createHttpMonitor(account, { name: "Orders", target: `${site.url}/ok` });
    const status = await pageWithComponents(account, product, monitor.id);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/status-pages/${status.id}/subscribers`);
    await page.getByRole("heading", { name: "No subscribers yet" }).waitFor();

    const email = `reader-${Date.now().toString(36)}@example.com`;
    const subscribed = await context.request.post(
      `${product.url}/status/${status.slug}/subscribe`,
      {
        data: { email },
      },
    );
    expect(subscribed.status()).toBe(200);
    await page.reload();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await row.waitFor();
    expect(await row.textContent()).toContain("Waiting for confirmation");
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${status.slug}-subscribers.csv`);
    const stream = await download.createReadStream();
    let csv = "";
    for await (const chunk of stream) csv += String(chunk);
    expect(csv).toContain(email);

    await page.getByRole("button", { name: `Remove ${email}` }).click();
    await page
      .getByRole("dialog", { name: `Remove ${email}?` })
      .getByRole("button", { name: "Remove subscriber" })
      .click();
    await page.getByText(`${email} is removed.`).waitFor();
    await page.getByRole("heading", { name: "No subscribers yet" }).waitFor();
    await context.close();
  });

  it("filters subscribers by status, with the count following the filter and kept in the address", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    const monitor = await createHttpMonitor(account, { name: "Orders", target: `${site.url}/ok` });
    const status = await pageWithComponents(account, product, monitor.id);
    const stamp = Date.now().toString(36);
    const confirmed = `confirmed-${stamp}@example.com`;
    const waiting = `waiting-${stamp}@example.com`;
    for (const email of [confirmed, waiting]) {
      const answer = await context.request.post(`${product.url}/status/${status.slug}/subscribe`, {
        data: { email },
      });
      expect(answer.status()).toBe(200);
    }
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const confirmPage = await visitor.newPage();
    await confirmPage.goto(await confirmationLink(smtp, product, confirmed));
    await confirmPage
      .getByText(/confirmed/i)
      .first()
      .waitFor();
    await visitor.close();

    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/status-pages/${status.id}/subscribers`);
    await page.getByText("2 in all.").waitFor();
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);

    const filter = page.getByLabel("Show");
    await filter.selectOption({ label: "Confirmed" });
    await page.getByText("1 confirmed.").waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(confirmed);
    expect(page.url()).toContain("status=confirmed");

    await filter.selectOption({ label: "Pending" });
    await page.getByText("1 waiting for confirmation.").waitFor();
    expect(await rows.first().textContent()).toContain(waiting);
    expect(await rows.count()).toBe(1);
    expect(await page.getByRole("button", { name: "Show more subscribers" }).count()).toBe(0);

    await filter.selectOption({ label: "Unsubscribed" });
    await page.getByRole("heading", { name: "No unsubscribed subscribers" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Show all subscribers" }).click();
    await page.getByText("2 in all.").waitFor();
    expect(await filter.inputValue()).toBe("all");

    await page.goto(`${product.url}/app/status-pages/${status.id}/subscribers?status=pending`);
    await page.getByText("1 waiting for confirmation.").waitFor();
    expect(await filter.inputValue()).toBe("pending");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("posts an incident from an open alert with the components linked to its monitor ticked", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    site.failing = false;
    const monitor = await createHttpMonitor(account, {
      name: "Shop",
      target: `${site.url}/shop`,
    });
    const status = await pageWithComponents(account, product, monitor.id);
    await waitForFirstChecks(account, [monitor.id]);
    site.failing = true;
    await checkNow(account, monitor.id);

    const page = await context.newPage();
    await page.goto(`${product.url}/app/alerts`);
    const alert = page.locator(".alert-item", { hasText: "Shop" });
    await alert.waitFor({ timeout: 20_000 });
    await alert.getByRole("link", { name: "Post incident" }).click();
    await page.getByRole("heading", { level: 1, name: "Post an incident" }).waitFor();
    const choice = page.locator(".status-incident-card").first();
    expect(await choice.textContent()).toContain("Linked to the monitor: API");
    expect(await axeViolations(page)).toEqual([]);
    await choice.getByRole("link", { name: "Post on Acme status" }).click();

    await page
      .getByText("From the alert: the components linked to its monitor are ticked")
      .waitFor();
    expect(await page.getByRole("checkbox", { name: "API" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Website" }).isChecked()).toBe(false);
    await page.getByLabel(/^Title/).fill("The shop is down");
    await page.getByLabel(/^Message/).fill("The shop answers with errors; we are on it.");
    await page.getByRole("button", { name: "Post incident" }).click();
    await page.getByRole("heading", { level: 2, name: "The shop is down" }).waitFor();
    expect((await componentState(account, status.id, status.apiComponentId))?.state).toBe(
      "major_outage",
    );
    site.failing = false;
    await context.close();
  });
});
