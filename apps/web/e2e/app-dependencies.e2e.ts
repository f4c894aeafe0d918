import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { checkNow, createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** The dependency map as indented lines: each name, and whom else a child depends on. */
function mapLines(page: Page): Promise<string[]> {
  return page.locator(".dependency-tree .dependency-node").evaluateAll((nodes) =>
    nodes.map((node) => {
      const depth = (() => {
        let count = 0;
        for (let at = node.parentElement?.closest("ul"); at; at = at.parentElement?.closest("ul"))
          count += 1;
        return count - 1;
      })();
      const name = node.querySelector(".dependency-name")?.textContent ?? "";
      const also = node.querySelector(".dependency-also")?.textContent;
      return `${"  ".repeat(depth)}${name}${also ? ` (${also})` : ""}`;
    }),
  );
}

describe("the alert dependencies screen", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  it("builds a child with two parents, shows the map and the held alert, names a refused cycle and removes a dependency", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    site.failing = false;
    const gateway = await createHttpMonitor(account, {
      name: "Gateway",
      target: "http://127.0.0.1:9/gateway",
    });
    const backup = await createHttpMonitor(account, {
      name: "Backup gateway",
      target: "http://127.0.0.1:9/backup",
    });
    const shop = await createHttpMonitor(account, { name: "Shop", target: `${site.url}/shop` });
    await createHttpMonitor(account, { name: "Uplink", target: `${site.url}/uplink` });
    await waitForFirstChecks(account, [gateway.id, backup.id, shop.id]);
    const page = await context.newPage();
    const errors = collectPageErrors(page, (url) => url.endsWith("/api/v1/dependencies"));

    await page.goto(`${product.url}/app/alerts`);
    await page
      .getByRole("navigation", { name: "Alerts sections" })
      .getByRole("link", { name: "Dependencies" })
      .click();
    await page.getByRole("heading", { name: "No dependencies yet" }).waitFor();
    await page.getByRole("button", { name: "Add dependency" }).click();
    await page.getByLabel("Child").selectOption({ label: "Shop" });
    await page.getByLabel("Gateway", { exact: true }).check();
    await page.getByLabel("Backup gateway", { exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Shop now depends on Gateway and Backup gateway.").waitFor();
    await page.getByRole("list", { name: "Dependency map" }).waitFor();
    expect(await mapLines(page)).toEqual([
      "Backup gateway",
      "  Shop (also depends on Gateway)",
      "Gateway",
      "  Shop (also depends on Backup gateway)",
    ]);

    // With both parents down, the shop's outage is recorded but held back, naming them.
    site.failing = true;
    await checkNow(account, shop.id);
    await page
      .getByRole("navigation", { name: "Alerts sections" })
      .getByRole("link", { name: "Alerts" })
      .click();
    const held = page.locator(".alert-item", { hasText: "Shop" }).locator(".alert-held");
    expect(await held.textContent()).toBe(
      "Held back: Backup gateway (down) and Gateway (down). Notifications resume when any of them recovers.",
    );

    await page
      .getByRole("navigation", { name: "Alerts sections" })
      .getByRole("link", { name: "Dependencies" })
      .click();
    await page.getByRole("button", { name: "Add dependency" }).click();
    await page.getByLabel("Child").selectOption({ label: "Gateway" });
    await page.getByLabel("Shop", { exact: true }).check();
    await page.getByLabel("Uplink", { exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Gateway now depends on Uplink.").waitFor();
    const refusal = page.getByRole("alert").filter({ hasText: "not added" });
    expect(await refusal.locator("p").textContent()).toBe(
      "One parent was not added, so Gateway does not depend on it:",
    );
    expect(await refusal.locator("li").allTextContents()).toEqual([
      "Shop: This dependency would create a cycle: Shop already depends on Gateway.",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => mapLines(page))
      .toEqual([
        "Backup gateway",
        "  Shop (also depends on Gateway)",
        "Uplink",
        "  Gateway",
        "    Shop (also depends on Backup gateway)",
      ]);

    await page
      .getByRole("button", { name: "Remove the dependency of Shop on Backup gateway" })
      .click();
    await page.getByText("Shop no longer depends on Backup gateway.").waitFor();
    await expect.poll(() => mapLines(page)).toEqual(["Uplink", "  Gateway", "    Shop"]);
    await page.reload();
    await page.getByRole("list", { name: "Dependency map" }).waitFor();
    expect(await mapLines(page)).toEqual(["Uplink", "  Gateway", "    Shop"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
