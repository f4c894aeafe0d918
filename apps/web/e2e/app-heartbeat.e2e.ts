import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const run = promisify(execFile);

/** Calls a ping URL with the real curl program, as a cron job would. */
async function curl(url: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("curl", ["-fsS", "-m", "10", ...args, url]);
  return stdout;
}

async function statusOf(page: Page): Promise<string | null> {
  return page.locator(".monitor-title .status-badge").textContent();
}

describe("a heartbeat monitor", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("is created in the app, goes up when its job pings with curl, and down when the job reports a failure", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(8_000);
    await registerAccount(context, product);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByRole("heading", { name: "Add a monitor" }).waitFor();
    await page.getByRole("radio", { name: /Heartbeat/ }).check();
    expect(await page.getByLabel("URL", { exact: true }).count()).toBe(0);
    expect(await page.getByLabel("Check every").count()).toBe(0);
    await page.getByLabel("Name", { exact: true }).fill("Nightly backup");
    await page.getByLabel("Expected every (amount)").fill("1");
    await page.getByLabel("Expected every (unit)").selectOption("hours");
    await page.getByLabel("Grace time (amount)").fill("10");
    await page.getByLabel("Failure threshold").fill("1");
    await page.getByRole("button", { name: "Create monitor" }).click();
    await page.getByRole("heading", { name: /Nightly backup/ }).waitFor();

    const shown = (await page.getByTestId("ping-url").textContent()) ?? "";
    expect(shown).toMatch(/\/ping\/[A-Za-z0-9_-]{43}$/);
    await page.getByText("expected every 1 hour, with 10 minutes of grace").waitFor();
    await page.getByText("No ping yet").waitFor();
    const settings = page.locator("section", { has: page.locator("#settings-title") });
    await settings.getByText("Expected every").waitFor();
    expect(await settings.getByText("Timeout").count()).toBe(0);
    expect(await settings.getByText("Checked every").count()).toBe(0);
    const checks = page.locator("section", { has: page.locator("#checks-title") });
    await checks.getByText("One is recorded when the job pings", { exact: false }).waitFor();
    const pingUrl = `${product.url}${new URL(shown).pathname}`;

    expect(await curl(`${pingUrl}/start`)).toBe("OK");
    // A start stores no check; the page shows it all the same.
    await page.locator(".heartbeat-facts").getByText("(Started)", { exact: false }).waitFor();
    expect(await curl(pingUrl, "--data-binary", "backup done")).toBe("OK");
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe("Up");
    await page.getByText("backup done").waitFor();

    expect(await curl(`${pingUrl}/fail`, "--data-binary", "disk full")).toBe("OK");
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe("Down");
    await page.getByText("disk full").waitFor();
    await page.getByText("The job reported a failure.").first().waitFor();
    // The error, the most useful column, wraps inside the table instead of being cut off.
    const cell = await page
      .locator(".checks-table td.error-cell:not(:empty)")
      .first()
      .boundingBox();
    const table = await page
      .locator(".checks-table")
      .locator("xpath=ancestor::div[contains(@class,'app-table-wrap')]")
      .boundingBox();
    expect(cell && table && cell.x + cell.width <= table.x + table.width).toBe(true);

    // Replacing the URL asks first, in the app's own dialog.
    page.on("dialog", (native) => {
      errors.push("the browser's own confirm() opened");
      void native.dismiss();
    });
    await page.getByRole("button", { name: "Replace the ping URL" }).click();
    const dialog = page.getByRole("dialog", { name: "Replace the ping URL?" });
    await dialog.getByRole("button", { name: "Replace the ping URL" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByTestId("ping-url").textContent()).not.toBe(shown);

    const unknown = await run("curl", [
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      `${product.url}/ping/${"A".repeat(43)}`,
    ]);
    expect(unknown.stdout).toBe("404");
    expect(errors).toEqual([]);
    await context.close();
  });
});
