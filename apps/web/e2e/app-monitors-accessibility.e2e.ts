import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const SCREENS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

describe("accessibility of the monitors and alerts screens", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  /** Each screen once its data is in, with the states worth checking showing. */
  async function visitScreens(page: Page, ids: { down: string; group: string }): Promise<string[]> {
    const found: string[] = [];
    const check = async (label: string) => {
      found.push(...(await axeViolations(page)).map((line) => `${label} ${line}`));
      const overflow = await page.evaluate(() => {
        const inside = (child: Element | null, parent: Element | null) =>
          !child ||
          !parent ||
          child.getBoundingClientRect().right <= parent.getBoundingClientRect().right + 0.5;
        const row = document.querySelector(".monitor-row");
        // The longest "Checked" a list shows, not the "just now" of a fresh monitor.
        const checked = row?.querySelector(".monitor-row-figures div:last-child dd");
        if (checked) checked.textContent = "59 minutes ago";
        const error = document.querySelector(".checks-table td.error-cell:not(:empty)");
        return {
          page: document.documentElement.scrollWidth > window.innerWidth,
          figures: [...(row?.querySelectorAll(".monitor-row-figures dd") ?? [])].some(
            (figure) => figure.scrollWidth > figure.clientWidth,
          ),
          error: !inside(error, error?.closest(".app-table-wrap") ?? null),
          tabs: !inside(
            document.querySelector(".alert-filters .tabs"),
            document.querySelector(".alert-filters"),
          ),
        };
      });
      for (const [what, out] of Object.entries(overflow)) {
        if (out) found.push(`${label}: the ${what} run past the edge`);
      }
    };

    await page.goto(`${product.url}/app`);
    await page.locator(".monitor-row").nth(1).waitFor();
    await check("list");
    await page.getByLabel("Search").fill("nothing like this");
    await page.getByRole("heading", { name: "No monitor matches" }).waitFor();
    await check("list without matches");

    await page.getByLabel("Search").fill("");
    await page.getByText("Any group").click();
    await page.getByRole("checkbox", { name: "Web" }).waitFor();
    await check("list with the groups filter open");

    await page.goto(`${product.url}/app/monitors/groups`);
    await page.getByRole("row", { name: /Web/ }).getByText("Up", { exact: true }).waitFor();
    await check("groups");
    await page.goto(`${product.url}/app/monitors/groups/${ids.group}`);
    await page.getByRole("list", { name: "Monitors in Web" }).waitFor();
    await page.getByRole("button", { name: "Add monitors" }).click();
    await check("group");
    await page.goto(`${product.url}/app/monitors/groups/wall`);
    await page.getByRole("list", { name: "Group statuses" }).getByText("Web").waitFor();
    await check("wall display");

    await page.goto(`${product.url}/app/monitors/${ids.down}`);
    await page.locator(".alert-item").waitFor();
    await page.getByRole("table", { name: "Recent checks, newest first" }).waitFor();
    await check("detail");
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").waitFor();
    await check("delete dialog");

    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByLabel("Name", { exact: true }).fill("x");
    await page.getByLabel("URL", { exact: true }).fill("not a url");
    await page.getByLabel("Check every").selectOption({ label: "1 minute" });
    await page.getByRole("button", { name: "Add a header" }).click();
    await page.locator("#monitor-interval-error").waitFor();
    await check("form with errors");

    await page.goto(`${product.url}/app/alerts`);
    await page.locator(".alert-item").waitFor();
    await check("alerts");
    await page.goto(`${product.url}/app/alerts?state=resolved`);
    await page.getByRole("heading", { name: "No resolved alerts yet." }).waitFor();
    await check("alerts, empty tab");
    return found;
  }

  let account: AppAccount | undefined;
  let down = "";
  let group = "";
  let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
  async function prepare(): Promise<void> {
    if (account) return;
    const context = await browser.newContext();
    account = await registerAccount(context, product);
    const web = await account.api<{ id: string }>("POST", "/groups", { name: "Web" });
    const up = await createHttpMonitor(account, {
      name: "Shop",
      target: `${site.url}/`,
      group_ids: [web.id],
    });
    const broken = await createHttpMonitor(account, {
      name: "Billing API",
      target: "http://127.0.0.1:9/billing",
    });
    down = broken.id;
    group = web.id;
    await waitForFirstChecks(account, [up.id, broken.id]);
    state = await context.storageState();
    await context.close();
  }

  for (const theme of ["dark", "light"] as const) {
    for (const screen of SCREENS) {
      it(`passes the WCAG 2.1 AA and best-practice checks and nothing runs past the screen's edge in the ${theme} theme on a ${screen.name}`, async () => {
        await prepare();
        const context = await browser.newContext({
          viewport: screen.viewport,
          bypassCSP: true,
          storageState: state,
        });
        context.setDefaultTimeout(10_000);
        await context.addInitScript((value) => localStorage.setItem("upwatch-theme", value), theme);
        const page = await context.newPage();
        expect(await visitScreens(page, { down, group })).toEqual([]);
        await context.close();
      }, 90_000);
    }
  }
});
