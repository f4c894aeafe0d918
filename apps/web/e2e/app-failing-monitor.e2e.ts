import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { checkNow, createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import { screenshot } from "./support/screenshots.ts";
import type { RunningProduct } from "./support/server.ts";

async function liveOn(page: Page): Promise<void> {
  await page.locator(".live-indicator", { hasText: "Live" }).first().waitFor();
}

describe("a monitor failing checks before its alert", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  it("reads Failing, not Up, on the list and its page, with how many more failed checks open an alert", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    site.failing = true;
    const shop = await createHttpMonitor(account, {
      name: "Shop",
      target: `${site.url}/shop`,
      failure_threshold: 3,
    });
    await waitForFirstChecks(account, [shop.id]);
    const firstCheck = Date.now();

    const [list, detail] = await Promise.all([context.newPage(), context.newPage()]);
    const errors = [list, detail].flatMap((page) => collectPageErrors(page));
    await list.goto(`${product.url}/app`);
    await detail.goto(`${product.url}/app/monitors/${shop.id}`);
    await Promise.all([liveOn(list), liveOn(detail)]);
    const row = list.locator(".monitor-row", { hasText: "Shop" });
    expect(await row.locator(".status-badge").textContent()).toBe("Failing");
    expect(await row.locator(".monitor-streak").textContent()).toBe(
      "1 of 3 failed checks in a row: 2 more open an alert.",
    );

    // The second failure arrives through the live stream on the list and through Check now on the page.
    await new Promise((resolve) => setTimeout(resolve, firstCheck + 5_500 - Date.now()));
    await detail.getByRole("button", { name: "Check now" }).click();
    await detail.getByText("Checked just now: down.").waitFor();
    const notice = detail.locator(".monitor-streak-notice");
    await notice.getByText("2 of 3 failed checks in a row: 1 more opens an alert.").waitFor();
    expect(await notice.textContent()).toBe(
      "Failing. 2 of 3 failed checks in a row: 1 more opens an alert.",
    );
    expect(await detail.locator(".monitor-title .status-badge").textContent()).toBe("Failing");
    await row
      .locator(".monitor-streak", {
        hasText: "2 of 3 failed checks in a row: 1 more opens an alert.",
      })
      .waitFor();
    expect(await row.locator(".status-badge").textContent()).toBe("Failing");
    await screenshot(detail, "monitor-failing-page");
    await screenshot(list, "monitor-failing-list");

    // The third failure takes it down: the streak's words give way to Down.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await checkNow(account, shop.id);
    await row.locator(".status-badge", { hasText: "Down" }).waitFor();
    expect(await row.locator(".monitor-streak").count()).toBe(0);
    await detail.locator(".monitor-title .status-badge", { hasText: "Down" }).waitFor();
    expect(await detail.locator(".monitor-streak-notice").count()).toBe(0);

    // A passing check ends the streak on a monitor that never went down.
    site.failing = false;
    const other = await createHttpMonitor(account, {
      name: "Blog",
      target: `${site.url}/blog`,
      failure_threshold: 3,
    });
    await waitForFirstChecks(account, [other.id]);
    const blog = list.locator(".monitor-row", { hasText: "Blog" });
    await blog.locator(".status-badge", { hasText: "Up" }).waitFor();
    expect(await blog.locator(".monitor-streak").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
