import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { checkNow, createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** "Check now" is refused within 5 seconds of the last check. */
const CHECK_NOW_GAP_MS = 5_500;

async function liveOn(page: Page): Promise<void> {
  await page.locator(".live-indicator", { hasText: "Live" }).first().waitFor();
}

describe("the alerts screen and live updates", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  it("shows a failed check, the monitor going down and its alert on the list, the monitor's page and the alerts screen without reloading (without Post incident on Free), then acknowledges and resolves it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    site.failing = false;
    const shop = await createHttpMonitor(account, { name: "Shop", target: `${site.url}/shop` });
    await waitForFirstChecks(account, [shop.id]);
    const firstCheck = Date.now();

    const [list, detail, alerts] = await Promise.all([
      context.newPage(),
      context.newPage(),
      context.newPage(),
    ]);
    const errors = [list, detail, alerts].flatMap((page) => collectPageErrors(page));
    await list.goto(`${product.url}/app`);
    await detail.goto(`${product.url}/app/monitors/${shop.id}`);
    await alerts.goto(`${product.url}/app/alerts`);
    await Promise.all([liveOn(list), liveOn(detail), liveOn(alerts)]);
    await alerts.getByRole("heading", { name: /No active alerts/ }).waitFor();
    const row = list.locator(".monitor-row", { hasText: "Shop" });
    expect(await row.locator(".status-badge").textContent()).toBe("Up");

    site.failing = true;
    await new Promise((resolve) => setTimeout(resolve, firstCheck + CHECK_NOW_GAP_MS - Date.now()));
    await checkNow(account, shop.id);

    await row.locator(".status-badge", { hasText: "Down" }).waitFor();
    expect(await row.locator(".monitor-row-figures").textContent()).toContain("50%");
    await detail.locator(".monitor-title .status-badge", { hasText: "Down" }).waitFor();
    await detail.getByRole("img", { name: /^Shop: 50% up over the last 24 hours/ }).waitFor();
    await detail
      .getByRole("table", { name: "Recent checks, newest first" })
      .locator("tbody tr", { hasText: "503" })
      .waitFor();
    // All of the table, the error column included, fits at this width without scrolling.
    expect(
      await detail
        .getByRole("table", { name: "Recent checks, newest first" })
        .evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
    await detail.locator(".alert-item", { hasText: "Critical" }).waitFor();
    const alert = alerts.locator(".alert-item");
    await alert.waitFor();
    expect(await alert.locator(".alert-monitor").textContent()).toBe("Shop");
    expect(await alert.textContent()).toContain("503 Service Unavailable");
    // Free has no status pages, so no alert offers to post an incident on one.
    expect(await alert.getByRole("link", { name: "Post incident" }).count()).toBe(0);

    await alert.getByRole("button", { name: "Acknowledge" }).click();
    await alerts.getByRole("heading", { name: /No active alerts/ }).waitFor();
    await detail.locator(".alert-item .alert-state", { hasText: "Acknowledged" }).waitFor();
    await alerts.getByRole("link", { name: "Acknowledged" }).click();
    await alerts.locator(".alert-item .alert-state", { hasText: "Acknowledged" }).waitFor();
    expect(new URL(alerts.url()).search).toBe("?state=acknowledged");

    await alerts.locator(".alert-item").getByRole("button", { name: "Resolve" }).click();
    await alerts.getByRole("heading", { name: "No acknowledged alerts." }).waitFor();
    await alerts.getByRole("link", { name: "Resolved" }).click();
    await alerts.locator(".alert-item", { hasText: "resolved by hand" }).waitFor();
    await detail.locator(".alert-item .alert-state", { hasText: "Resolved" }).waitFor();

    // Deleted elsewhere, the monitor leaves the list and its page says so.
    await account.api("DELETE", `/monitors/${shop.id}`);
    await detail.getByRole("heading", { name: "This monitor was deleted" }).waitFor();
    await list.getByRole("heading", { name: "Add your first monitor" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says what each tab would hold while it is empty, and keeps the severity filter in the address", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    await registerAccount(context, product);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/alerts`);
    await page.getByRole("heading", { name: /No active alerts/ }).waitFor();
    expect(await page.getByRole("link", { name: "Active" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await page.getByLabel("Severity").selectOption("critical");
    await page.getByRole("link", { name: "Resolved" }).click();
    await page.getByRole("heading", { name: "No resolved alerts yet." }).waitFor();
    expect(new URL(page.url()).search).toBe("?state=resolved&severity=critical");
    await page.reload();
    expect(await page.getByLabel("Severity").inputValue()).toBe("critical");
    await page.getByRole("link", { name: "See your monitors" }).click();
    await page.getByRole("heading", { name: "Add your first monitor" }).waitFor();
    await context.close();
  });
});
