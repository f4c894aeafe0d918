import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("maintenance windows of monitors and groups", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);

  it("schedules a weekly window on a 360-pixel phone, lists its next Sundays in the account's time zone, skips one and changes its length", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await account.api("PATCH", "/account/settings", { time_zone: "Europe/Berlin" });
    await createHttpMonitor(account, {
      name: "Primary database",
      target: "http://127.0.0.1:9/db",
      paused: true,
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page, (url) => url.endsWith("/api/v1/maintenance-windows"));

    await page.goto(`${product.url}/app/alerts`);
    await page
      .getByRole("navigation", { name: "Alerts sections" })
      .getByRole("link", { name: "Maintenance" })
      .click();
    await page.getByRole("heading", { name: "No maintenance scheduled" }).waitFor();
    await page
      .getByText("Recurring windows follow the account's time zone, Europe/Berlin")
      .waitFor();

    await page.getByLabel("Title").fill("Weekly patching");
    await page.getByLabel("Repeats").selectOption({ label: "Every week" });
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page.getByText("Choose at least one monitor or group for the window to cover.").waitFor();
    await page.getByLabel("Primary database").check();
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page
      .getByText(
        'A weekly window needs at least one weekday in recurrence.weekdays, such as ["sunday"].',
      )
      .waitFor();

    await page.getByLabel("Sun", { exact: true }).check();
    await page.getByLabel(/^Starts at/).fill("02:00");
    await page.getByLabel(/^Lasts \(minutes\)/).fill("120");
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page.getByText("Weekly patching is scheduled.").waitFor();

    const card = page.locator(".status-window").filter({ hasText: "Weekly patching" });
    await card
      .getByText(
        /^Every Sunday at 02:00 Europe\/Berlin time for 2 hours, from \d{4}-\d{2}-\d{2}\.$/,
      )
      .waitFor();
    expect(await card.getByText("Covers: Primary database").count()).toBe(1);
    const occurrences = card.getByRole("list", { name: "Next occurrences of Weekly patching" });
    expect(await occurrences.getByRole("listitem").count()).toBe(3);
    const first = await occurrences.locator("time").first().getAttribute("datetime");
    const sunday = new Date(first ?? "");
    expect(sunday.getUTCDay()).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await occurrences
      .getByRole("button", { name: /^Skip the occurrence of Weekly patching/ })
      .first()
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Skip occurrence" }).click();
    await page.getByText(/^The occurrence on .+ is skipped\.$/).waitFor();
    await expect
      .poll(async () => occurrences.locator("time").first().getAttribute("datetime"))
      .not.toBe(first);
    const windows = await account.api<{ data: { skipped: string[] }[] }>(
      "GET",
      "/maintenance-windows",
    );
    expect(windows.data[0]?.skipped).toEqual([first]);
    const afterSkip = await occurrences.locator("time").first().getAttribute("datetime");

    await card.getByRole("button", { name: "Edit Weekly patching" }).click();
    const editor = page.locator(".status-window form");
    await editor.getByLabel(/^Lasts \(minutes\)/).fill("90");
    await editor.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved.").waitFor();
    await card
      .getByText(/^Every Sunday at 02:00 Europe\/Berlin time for 90 minutes, from /)
      .waitFor();
    expect(await occurrences.locator("time").first().getAttribute("datetime")).toBe(afterSkip);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets the owner choose the account's time zone in Settings, spelled as IANA names it", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(10_000);
    await registerAccount(context, product);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/settings`);
    const zone = page.getByRole("combobox", { name: "Time zone" });
    await zone.waitFor();
    expect(await zone.inputValue()).toBe("UTC");
    await zone.selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page.getByText("The account's time zone is now Asia/Tokyo.").waitFor();
    await page.reload();
    await page.getByRole("combobox", { name: "Time zone" }).waitFor();
    await expect
      .poll(() => page.getByRole("combobox", { name: "Time zone" }).inputValue())
      .toBe("Asia/Tokyo");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("makes a status page window repeat on the first Sunday of each month, and the public page announces the next one", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "hobby");
    const status = await account.api<{ id: string; slug: string }>("POST", "/status-pages", {
      name: "Acme status",
      slug: `acme-${Date.now().toString(36)}`,
    });
    await account.api("POST", `/status-pages/${status.id}/components`, { name: "API" });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/status-pages/${status.id}/maintenance`);
    await page.getByRole("heading", { name: "No maintenance scheduled" }).waitFor();
    await page.getByLabel(/^Title/).fill("Monthly database patching");
    await page.getByLabel(/^Repeats/).selectOption({ label: "Every month" });
    await page.getByLabel(/^On/).selectOption({ label: "A weekday of the month" });
    await page.getByLabel(/^Which/).selectOption({ label: "First" });
    await page.getByLabel(/^Weekday/).selectOption({ label: "Sunday" });
    await page.getByLabel(/^Starts at/).fill("03:00");
    await page.getByRole("checkbox", { name: "API" }).check();
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page.getByText("Monthly database patching is scheduled.").waitFor();
    const card = page.locator(".status-window", { hasText: "Monthly database patching" });
    await card
      .getByText(/^Every month on the first Sunday at 03:00 UTC time for 1 hour, from /)
      .waitFor();
    const next = await card.locator("time").first().getAttribute("datetime");
    const first = new Date(next ?? "");
    expect([first.getUTCDay(), first.getUTCDate() <= 7, first.getUTCHours()]).toEqual([0, true, 3]);
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    const visitor = await context.newPage();
    await visitor.goto(`${product.url}/status/${status.slug}`);
    await visitor.getByText("Monthly database patching").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
