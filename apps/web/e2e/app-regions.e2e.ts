import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { type CreatedMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import {
  type SeededRunner,
  seedLiveRunner,
  seedRegionOutage,
  waitUntilServed,
} from "./support/runners.ts";
import type { RunningProduct } from "./support/server.ts";

interface MonitorRegions {
  regions: string[];
  region_rule: string;
  unserved_regions: string[];
}

describe("checking from several regions", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  // The product checks us-west-1 itself; the other regions are served by the runners seeded here.
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));
  const runners: SeededRunner[] = [];
  afterEach(() => {
    for (const runner of runners.splice(0)) runner.silence(60_000);
  });

  async function signedInOnHobby(): Promise<{
    context: BrowserContext;
    page: Page;
    account: AppAccount;
  }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(8_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "hobby");
    return { context, page: await context.newPage(), account };
  }

  function liveRunner(region: string): SeededRunner {
    const runner = seedLiveRunner(product, region);
    runners.push(runner);
    return runner;
  }

  it("lets a Hobby account check a monitor from two regions, any of them failing counting as down", async () => {
    liveRunner("eu-west-1");
    const { context, page, account } = await signedInOnHobby();
    await waitUntilServed(account, "eu-west-1");
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByRole("heading", { name: "Add a monitor" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Shop from two regions");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/shop`);

    const local = page.getByRole("checkbox", { name: /us-west-1/ });
    const ireland = page.getByRole("checkbox", { name: /eu-west-1/ });
    const sydney = page.getByRole("checkbox", { name: /ap-southeast-2/ });
    await ireland.waitFor();
    expect(await local.isChecked()).toBe(true);
    expect(await sydney.isDisabled()).toBe(true);
    expect(
      await page.locator(".region-option", { hasText: "ap-southeast-2" }).textContent(),
    ).toMatch(/no runner/);
    expect(await page.getByLabel("Counts as down when").count()).toBe(0);

    await ireland.check();
    await page.getByLabel("Counts as down when").selectOption({ label: "Any region fails" });
    await page.getByRole("button", { name: "Create monitor" }).click();
    await page.getByRole("heading", { name: /Shop from two regions/ }).waitFor();

    const settings = page.locator(".settings-list");
    await settings.getByText("us-west-1, eu-west-1").waitFor();
    await settings.getByText("Any region fails").waitFor();
    const id = page.url().split("/").pop() ?? "";
    const saved = await account.api<MonitorRegions>("GET", `/monitors/${id}`);
    expect(saved.regions).toEqual(["us-west-1", "eu-west-1"]);
    expect(saved.region_rule).toBe("any");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tells on the monitor's page that no runner checks one of its regions now", async () => {
    const ireland = liveRunner("eu-west-1");
    const { context, page, account } = await signedInOnHobby();
    await waitUntilServed(account, "eu-west-1");
    const monitor = await account.api<CreatedMonitor>("POST", "/monitors", {
      type: "http",
      name: "Shop in Ireland",
      target: `${site.url}/ireland`,
      regions: ["us-west-1", "eu-west-1"],
    });
    ireland.silence(60_000);
    // The server reads its runners anew every couple of seconds.
    const deadline = Date.now() + 10_000;
    while (
      !(
        await account.api<MonitorRegions>("GET", `/monitors/${monitor.id}`)
      ).unserved_regions.includes("eu-west-1")
    ) {
      if (Date.now() > deadline) throw new Error("eu-west-1 still counts as served.");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    await page.goto(`${product.url}/app/monitors/${monitor.id}`);
    const notice = page.getByRole("status").filter({ hasText: "No runner for eu-west-1" });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/recorded as missed, not as down/);
    expect(await page.getByText(/No runner for us-west-1/).count()).toBe(0);
    await context.close();
  });

  it("shows each region's uptime, checks, missed checks and response times on the monitor's page", async () => {
    liveRunner("eu-west-1");
    const { context, page, account } = await signedInOnHobby();
    await waitUntilServed(account, "eu-west-1");
    const monitor = await account.api<CreatedMonitor>("POST", "/monitors", {
      type: "http",
      name: "Docs everywhere",
      target: `${site.url}/docs`,
      regions: ["us-west-1", "eu-west-1"],
      region_rule: "majority",
      timeout_seconds: 1,
    });
    // The seeded eu-west-1 runner never answers, so the first round is stored when it closes:
    // at its planned time, plus the timeout, plus 15 seconds.
    await waitForFirstChecks(account, [monitor.id], 30_000);

    await page.goto(`${product.url}/app/monitors/${monitor.id}`);
    await page.getByRole("heading", { name: "Response time by region" }).waitFor();
    const table = page.getByRole("table", { name: "Each region over the last 24 hours" });
    await table.waitFor();
    const headers = await table.locator("thead th").allTextContents();
    expect(headers).toEqual([
      "Region",
      "Uptime",
      "Checks",
      "Missed",
      "Average",
      "Median (p50)",
      "95th percentile",
    ]);
    expect(await table.locator("tbody th").allTextContents()).toEqual(["us-west-1", "eu-west-1"]);

    await page.getByLabel("Period").selectOption({ label: "Last 7 days" });
    await page.getByRole("table", { name: "Each region over the last 7 days" }).waitFor();

    const checks = page.getByRole("table", { name: "Recent checks, newest first" });
    await checks.locator("tbody tr", { hasText: "us-west-1" }).first().waitFor();
    await context.close();
  });

  it("lists every region with its runners on the Regions screen, and since when a region has had none", async () => {
    liveRunner("eu-west-1");
    const midnight = new Date().setHours(0, 0, 0, 0);
    const since = Math.max(Date.now() - 10 * 60_000, midnight);
    seedRegionOutage(product, "ap-southeast-2", since);
    const { context, page, account } = await signedInOnHobby();
    await waitUntilServed(account, "eu-west-1");
    await page.goto(`${product.url}/app`);
    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Regions" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Regions" }).waitFor();

    const rows = page.getByRole("table", { name: "Regions and their runners" }).locator("tbody tr");
    await rows.first().waitFor();
    const local = rows.filter({ hasText: "us-west-1" });
    expect(await local.textContent()).toMatch(/local/);
    expect(await local.textContent()).toMatch(/Served/);
    const ireland = rows.filter({ hasText: "eu-west-1" });
    expect(await ireland.locator("td").allTextContents()).toEqual([
      "Ireland, Europe",
      "Served",
      "1",
    ]);
    expect(await rows.filter({ hasText: "us-west-2" }).textContent()).toMatch(/Not served/);
    const time = await page.evaluate(
      (at) => new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(at),
      since,
    );
    await page
      .getByRole("alert")
      .filter({ hasText: `No runner has answered for ap-southeast-2 since ${time}` })
      .waitFor();
    await context.close();
  });
});
