import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { addMember, logIn, registerInContext, setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

interface Group {
  id: string;
  name: string;
}

/** The names the monitor list shows, in order. */
function shownMonitors(page: Page): Promise<string[]> {
  return page.locator(".monitor-link").allTextContents();
}

describe("monitor groups in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  /** A signed-in account with a shop that is up, a billing API that is down and a blog. */
  async function accountWithMonitors(): Promise<{
    context: BrowserContext;
    page: Page;
    account: AppAccount;
    ids: { shop: string; billing: string; blog: string };
  }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    const shop = await createHttpMonitor(account, { name: "Shop", target: `${site.url}/` });
    const billing = await createHttpMonitor(account, {
      name: "Billing API",
      target: "http://127.0.0.1:9/billing",
    });
    const blog = await createHttpMonitor(account, { name: "Blog", target: `${site.url}/blog` });
    await waitForFirstChecks(account, [shop.id, billing.id, blog.id]);
    const ids = { shop: shop.id, billing: billing.id, blog: blog.id };
    return { context, page: await context.newPage(), account, ids };
  }

  it("makes a group of two monitors, reads its status and counts, and filters the monitor list by it", async () => {
    const { context, page } = await accountWithMonitors();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app`);
    await page.locator(".monitor-row").nth(2).waitFor();
    await page
      .getByRole("navigation", { name: "Monitors sections" })
      .getByRole("link", { name: "Groups" })
      .click();
    await page.getByRole("heading", { name: "No groups yet" }).waitFor();
    await page.getByRole("link", { name: "New group" }).click();

    await page.getByRole("button", { name: "Create group" }).click();
    await page.getByText("Give the group a name.").waitFor();
    await page.getByLabel("Name").fill("Checkout");
    await page.getByLabel("Description").fill("Everything a customer needs to pay.");
    await page.getByRole("checkbox", { name: /^Shop/ }).check();
    await page.getByRole("checkbox", { name: /^Billing API/ }).check();
    await page.getByRole("button", { name: "Create group" }).click();

    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.locator(".group-heading-status", { hasText: "Partial outage" }).waitFor();
    expect(await page.locator(".group-heading-status .group-counts").textContent()).toBe(
      "1 up, 1 down",
    );
    const members = page.getByRole("list", { name: "Monitors in Checkout" });
    expect(await members.getByRole("link").allTextContents()).toEqual(["Billing API", "Shop"]);

    await page.getByRole("link", { name: "Back to groups" }).click();
    const row = page.getByRole("row", { name: /Checkout/ });
    await row.getByText("Partial outage").waitFor();
    expect(await row.locator(".group-counts").textContent()).toBe("1 up, 1 down");

    await page.getByRole("link", { name: "All monitors" }).click();
    await page.locator(".monitor-row").nth(2).waitFor();
    await page.getByText("Any group").click();
    await page.getByRole("checkbox", { name: "Checkout" }).check();
    await expect.poll(() => shownMonitors(page)).toEqual(["Billing API", "Shop"]);
    expect(new URL(page.url()).searchParams.getAll("group")).toHaveLength(1);
    expect(await page.locator(".monitor-counts").textContent()).toBe("1 up1 down0 paused");

    // The filtered list is an address to bookmark: it opens filtered.
    await page.reload();
    await expect.poll(() => shownMonitors(page)).toEqual(["Billing API", "Shop"]);
    expect(await page.locator(".group-filter summary").textContent()).toContain("Checkout");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("attaches a channel to a group, and a member's page lists it once, via the group", async () => {
    const { context, page, account, ids } = await accountWithMonitors();
    const group = await account.api<Group>("POST", "/groups", {
      name: "Production",
      monitor_ids: [ids.shop],
    });
    await account.api("POST", "/channels", {
      type: "email",
      name: "On-call list",
      config: { address: account.email },
      attach_to_new_monitors: false,
    });

    await page.goto(`${product.url}/app/monitors/groups/${group.id}`);
    await page.getByRole("heading", { level: 1, name: "Production" }).waitFor();
    await page.getByLabel("Attach a channel").selectOption({ label: "On-call list (E-mail)" });
    await page.getByRole("button", { name: "Attach", exact: true }).click();
    const attached = page.getByRole("list", { name: "Alert channels of Production" });
    await attached.getByRole("link", { name: "On-call list" }).waitFor();

    await page
      .getByRole("list", { name: "Monitors in Production" })
      .getByRole("link", { name: "Shop" })
      .click();
    await page.getByRole("heading", { level: 1, name: /Shop/ }).waitFor();
    const channels = page.getByRole("list", { name: "Alert channels of this monitor" });
    const viaGroup = channels.getByRole("listitem").filter({ hasText: "On-call list" });
    await expect.poll(() => viaGroup.textContent()).toContain("via Production");
    expect(await channels.getByRole("listitem").filter({ hasText: "On-call list" }).count()).toBe(
      1,
    );
    // The e-mail channel every new account starts with is the monitor's own.
    const own = channels.getByRole("listitem").filter({ hasText: account.email });
    expect(await own.textContent()).toContain("Attached to this monitor");
    await context.close();
  });

  it("opens the wall display from the groups screen, and it follows a monitor paused elsewhere", async () => {
    const { context, page, account, ids } = await accountWithMonitors();
    await account.api("POST", "/groups", {
      name: "Checkout",
      monitor_ids: [ids.shop, ids.billing],
    });
    await account.api("POST", "/groups", { name: "Content", monitor_ids: [ids.blog] });

    await page.goto(`${product.url}/app/monitors/groups`);
    await page.getByRole("link", { name: "Wall display" }).click();
    await page.waitForURL(/\/app\/monitors\/groups\/wall$/);
    await page.getByRole("list", { name: "Group statuses" }).waitFor();
    expect(await page.getByRole("navigation", { name: "App" }).count()).toBe(0);
    const tiles = page.getByRole("list", { name: "Group statuses" }).getByRole("listitem");
    await expect.poll(() => tiles.locator("h2").allTextContents()).toEqual(["Checkout", "Content"]);
    const checkout = tiles.filter({ hasText: "Checkout" });
    expect(await checkout.locator(".wall-status").textContent()).toBe("Partial outage");
    expect(await checkout.locator(".wall-counts").textContent()).toBe("1 up, 1 down");
    expect(await checkout.locator(".wall-down-list").textContent()).toBe("Down: Billing API");
    await page.getByText(/^Updated at /).waitFor();
    await page.locator(".live-indicator", { hasText: "Live" }).waitFor();

    await account.api("POST", `/monitors/${ids.billing}/pause`);
    await expect.poll(() => checkout.locator(".wall-status").textContent()).toBe("Up");
    expect(await checkout.locator(".wall-counts").textContent()).toBe("1 up, 1 paused");
    await context.close();
  });

  it("shows a viewer the groups and the wall display without a control to change them", async () => {
    const ownerContext = await browser.newContext();
    const owner = await registerAccount(ownerContext, product);
    await setPlan(product, owner.accountId, "business");
    const shop = await createHttpMonitor(owner, { name: "Shop", target: `${site.url}/` });
    await owner.api("POST", "/groups", { name: "Checkout", monitor_ids: [shop.id] });
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const viewer = await registerInContext(context, product, "group-viewer");
    await addMember(product, owner.accountId, viewer.email, "viewer");
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await logIn(page, viewer.email, viewer.password);
    await page.getByRole("link", { name: "Shop" }).waitFor();

    await page.goto(`${product.url}/app/monitors/groups`);
    await page.getByRole("link", { name: "Checkout", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByRole("list", { name: "Monitors in Checkout" }).waitFor();
    for (const name of [/Remove/, /Rename/, "Add monitors", "Attach", "Delete group"]) {
      expect(await page.getByRole("button", { name }).count()).toBe(0);
    }
    await page.goto(`${product.url}/app/monitors/groups`);
    expect(await page.getByRole("link", { name: "New group" }).count()).toBe(0);
    await page.getByRole("link", { name: "Wall display" }).click();
    await page.getByRole("list", { name: "Group statuses" }).getByText("Checkout").waitFor();
    await Promise.all([context.close(), ownerContext.close()]);
  });
});
