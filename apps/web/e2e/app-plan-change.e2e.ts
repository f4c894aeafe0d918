import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("moving to a smaller plan in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  // The monitors' example addresses are never contacted: this product runs no checks.
  withProductAndBrowser((running) => ({ product, browser } = running), { RUN_CHECKS: "false" });

  it("shows what changed and lets the person choose which monitor stays active", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const ids: string[] = [];
    for (let index = 1; index <= 11; index++) {
      const monitor = await account.api<{ id: string }>("POST", "/monitors", {
        type: "http",
        name: `Site ${index}`,
        target: `https://site-${index}.example.com/`,
        interval_seconds: 60,
      });
      ids.push(monitor.id);
    }
    await account.api("POST", "/status-pages", {
      name: "Acme Shop Status",
      slug: `acme-${account.accountId
        .slice(-8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "0")}`,
    });
    await setPlan(product, account.accountId, "free");

    const page = await context.newPage();
    await page.goto(`${product.url}/app`);
    const notice = page.getByRole("region", {
      name: "Your account moved from the Business plan to the Free plan",
    });
    await notice.getByText("Site 11 is paused: the Free plan allows 10 active monitors.").waitFor();
    await notice
      .getByText(
        "Site 1 is checked every 5 minutes instead of every minute, the Free plan's shortest interval.",
      )
      .waitFor();

    await notice.getByRole("link", { name: "Choose which monitors stay active" }).click();
    const choice = page.locator("#plan-change");
    await choice.getByText("10 of 10 monitors are active.", { exact: false }).waitFor();
    await page.locator("#plan").getByText("11 of 10, 10 active").waitFor();
    await choice.getByRole("button", { name: "Resume Site 11" }).click();
    await choice
      .getByRole("alert")
      .getByText(
        "Your Free plan allows 10 active monitors. Pause another monitor or upgrade your plan to resume this one.",
      )
      .waitFor();

    await choice.getByRole("button", { name: "Pause Site 1", exact: true }).click();
    await choice.getByText("9 of 10 monitors are active.", { exact: false }).waitFor();
    await choice.getByRole("button", { name: "Resume Site 11" }).click();
    await expect
      .poll(async () => {
        const monitor = await account.api<{ paused: boolean }>("GET", `/monitors/${ids[10]}`);
        return monitor.paused;
      })
      .toBe(false);
    await choice.waitFor({ state: "detached" });

    await notice
      .getByText(
        "Acme Shop Status stays public and can still be updated; the Free plan includes no status pages, so none can be added.",
      )
      .waitFor();
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    expect(await notice.count()).toBe(0);
    await page.goto(`${product.url}/app/status-pages`);
    await page.getByRole("link", { name: "Acme Shop Status" }).waitFor();
    await page.getByText("These pages stay public and can still be updated").waitFor();
    expect(await page.getByRole("link", { name: "New status page" }).count()).toBe(0);
    await context.close();
  });
});
