import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { createHttpMonitor } from "./support/app-monitors.ts";
import { launchBrowser } from "./support/browser.ts";
import { type HttpTarget, startHttpTarget } from "./support/http-target.ts";
import { freePort, type RunningProduct, startProduct } from "./support/server.ts";

describe("live updates across a server restart", () => {
  let browser: Browser;
  let site: HttpTarget;
  let product: RunningProduct | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-e2e-live-"));
  beforeAll(async () => {
    [browser, site] = await Promise.all([launchBrowser(), startHttpTarget()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a monitor created elsewhere at once, says when the server goes away, and catches up on what changed meanwhile once it is back", async () => {
    const env = {
      ALLOW_PRIVATE_TARGETS: "true",
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
    };
    product = await startProduct(env);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    const account = await registerAccount(context, product);
    const page = await context.newPage();
    await page.goto(`${product.url}/app`);
    await page.getByRole("heading", { name: "Add your first monitor" }).waitFor();
    await page.locator(".live-indicator", { hasText: "Live" }).waitFor();

    const shop = await createHttpMonitor(account, { name: "Shop", target: `${site.url}/live` });
    await page
      .locator(".monitor-row", { hasText: "Shop" })
      .locator(".status-badge", { hasText: "Up" })
      .waitFor();

    // While the stream is down nothing reaches the page; the changes come in with the reload.
    await page.route("**/api/v1/events", (route) => route.abort());
    await product.stop();
    await page.locator(".live-indicator", { hasText: "Reconnecting" }).waitFor();
    product = await startProduct(env);
    await account.api("PATCH", `/monitors/${shop.id}`, { name: "Shop front" });
    await account.api("POST", `/monitors/${shop.id}/pause`);
    await page.unroute("**/api/v1/events");
    await page.locator(".live-indicator", { hasText: "Live" }).waitFor();
    await page
      .locator(".monitor-row", { hasText: "Shop front" })
      .locator(".status-badge", { hasText: "Paused" })
      .waitFor();
    await context.close();
  }, 90_000);
});
