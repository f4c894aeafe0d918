import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** The widgets' headings on the board, in reading order. */
async function widgetHeadings(page: Page, board: string): Promise<string[]> {
  const grid = page.getByRole("list", { name: board });
  await grid.waitFor();
  return grid.locator(".board-widget-title").allTextContents();
}

async function sideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

async function addWidget(page: Page, kind: string, title: string, choose?: () => Promise<void>) {
  await page.getByLabel("Kind of widget").selectOption({ label: kind });
  await page.getByLabel("Title").fill(title);
  await choose?.();
  await page.getByRole("button", { name: "Add widget" }).click();
  await page.getByTestId("board-announcer").getByText(`${title} added`).waitFor();
}

describe("custom dashboards in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("builds a board, rearranges it with the keyboard, shares it and shows it signed out until the link is revoked", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(10_000);
    const account: AppAccount = await registerAccount(context, product);
    await setPlan(product, account.accountId, "enterprise");
    await createHttpMonitor(account, { name: "Checkout", target: "https://checkout.invalid/" });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/dashboards`);
    await page.getByRole("heading", { name: "No boards yet" }).waitFor();
    await page.getByLabel("Board name").fill("Operations");
    await page.getByRole("button", { name: "Make board" }).click();
    await page.getByRole("heading", { name: "Add a widget" }).waitFor();

    await addWidget(page, "Status grid", "Everything");
    await addWidget(page, "Uptime", "Checkout uptime", () =>
      page
        .getByLabel("Monitor", { exact: true })
        .selectOption({ label: "Checkout" })
        .then(() => {}),
    );
    await addWidget(page, "Open alerts", "Alerts");
    expect(await widgetHeadings(page, "Widgets being arranged")).toEqual([
      "Everything",
      "Checkout uptime",
      "Alerts",
    ]);

    // Move the alerts to the front and widen the uptime figure, with the keyboard only.
    await page.getByRole("button", { name: "Move Alerts", exact: true }).focus();
    await page.keyboard.press("Enter");
    const announcer = page.getByTestId("board-announcer");
    await announcer.getByText("Moving Alerts.").waitFor();
    await page.keyboard.press("ArrowLeft");
    await announcer.getByText("Alerts moved to position 2 of 3: row 1, column 7.").waitFor();
    await page.keyboard.press("ArrowUp");
    await announcer.getByText("Alerts moved to position 1 of 3: row 1, column 1.").waitFor();
    await page.keyboard.press("ArrowLeft");
    await announcer.getByText("Alerts cannot move further that way.").waitFor();
    await page.keyboard.press("Escape");
    await announcer.getByText("Alerts placed.").waitFor();
    await page.getByRole("button", { name: "Resize Checkout uptime" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await announcer
      .getByText("Checkout uptime is 4 of 12 columns wide and 2 of 8 rows tall.")
      .waitFor();
    await page.keyboard.press("Enter");
    // The same steps as buttons, for a pointer or a touch screen.
    await page.getByRole("button", { name: "Resize Checkout uptime" }).click();
    await page.getByRole("button", { name: "Taller (Checkout uptime)" }).click();
    await announcer
      .getByText("Checkout uptime is 4 of 12 columns wide and 3 of 8 rows tall.")
      .waitFor();
    await page.getByRole("button", { name: "Resize Checkout uptime" }).click();
    expect(await widgetHeadings(page, "Widgets being arranged")).toEqual([
      "Alerts",
      "Everything",
      "Checkout uptime",
    ]);
    await page.getByRole("button", { name: "Change Everything", exact: true }).click();
    await page.getByRole("heading", { name: "Change Everything" }).waitFor();
    await page.getByLabel("Title").fill("All monitors");
    await page.getByRole("button", { name: "Change widget" }).click();
    await announcer.getByText("All monitors changed.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save board" }).click();
    await page.getByRole("button", { name: "Arrange" }).waitFor();

    await page.reload();
    expect(await widgetHeadings(page, "Operations widgets")).toEqual([
      "Alerts",
      "All monitors",
      "Checkout uptime",
    ]);
    const uptime = page.getByRole("region", { name: "Checkout uptime" });
    await uptime.getByText(/Checkout ·/).waitFor();
    await page
      .getByRole("region", { name: "Alerts" })
      .getByText(/No open alerts|opened/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Link name").fill("Office TV");
    await page.getByLabel("Stops working").selectOption({ label: "After 7 days" });
    await page.getByRole("button", { name: "Make a link" }).click();
    const secret = page.getByRole("region", { name: "The address of Office TV" });
    const url = String(await secret.locator("code").textContent());
    expect(url).toMatch(/\/app\/shared-board#uwd_[A-Za-z0-9_-]{40}$/);
    await page
      .getByRole("row", { name: /Office TV/ })
      .getByText("Works")
      .waitFor();

    // Signed out, on a phone: the board in stacked order, nothing to sign in to.
    const visitor = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    visitor.setDefaultTimeout(10_000);
    const shared = await visitor.newPage();
    const sharedErrors = collectPageErrors(shared, (address) =>
      address.includes("/api/v1/shared-dashboards/"),
    );
    await shared.goto(url);
    await shared.getByRole("heading", { name: "Operations", level: 1 }).waitFor();
    expect(await widgetHeadings(shared, "Operations widgets")).toEqual([
      "Alerts",
      "All monitors",
      "Checkout uptime",
    ]);
    await shared
      .getByRole("region", { name: "Checkout uptime" })
      .getByText(/Checkout ·/)
      .waitFor();
    expect(await shared.getByText("Read-only").isVisible()).toBe(true);
    expect(await sideways(shared)).toBe(false);
    expect(await axeViolations(shared)).toEqual([]);
    expect(await shared.content()).not.toContain(account.accountId);

    await page.getByRole("button", { name: "Revoke Office TV" }).click();
    await page
      .getByRole("dialog", { name: "Revoke Office TV?" })
      .getByRole("button", { name: "Revoke link" })
      .click();
    await page
      .getByRole("row", { name: /Office TV/ })
      .getByText(/Revoked/)
      .waitFor();
    await shared.reload();
    await shared.getByRole("heading", { name: "This board is not available" }).waitFor();
    expect(await shared.getByText(/revoked or expired/).isVisible()).toBe(true);

    expect(sharedErrors).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it("follows the account live, stacks the board on a phone without scrolling sideways and shows it alone on a dark wall display", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: "light",
    });
    context.setDefaultTimeout(10_000);
    await context.addInitScript(() => localStorage.setItem("upwatch-theme", "light"));
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "enterprise");
    const board = await account.api<{ id: string }>("POST", "/dashboards", {
      name: "Lobby",
      widgets: [
        { type: "open_alerts", title: "Alerts", settings: {}, x: 0, y: 0, w: 6, h: 3 },
        { type: "status_grid", title: "Everything", settings: {}, x: 6, y: 0, w: 6, h: 3 },
      ],
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/dashboards/${board.id}`);
    expect(await widgetHeadings(page, "Lobby widgets")).toEqual(["Alerts", "Everything"]);
    const [first, second] = await Promise.all(
      ["Alerts", "Everything"].map((name) => page.getByRole("region", { name }).boundingBox()),
    );
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(await sideways(page)).toBe(false);

    // A monitor added elsewhere joins the status grid through the live stream, without a reload.
    const grid = page.getByRole("region", { name: "Everything" });
    await grid.getByText("No monitors to show.").waitFor();
    await createHttpMonitor(account, { name: "Billing API", target: "https://billing.invalid/" });
    await grid.getByText("Billing API").waitFor();

    await page.getByRole("link", { name: "Wall display" }).click();
    await page.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Back to the board" }).waitFor();
    const background = await page
      .locator(".board-wall")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe("rgb(11, 16, 32)");
    expect(await page.getByRole("navigation", { name: "App" }).count()).toBe(0);
    expect(await sideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the plan wall to an account whose plan has no custom dashboards", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    await registerAccount(context, product);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/dashboards`);
    await page
      .getByText(
        "Custom dashboards are part of the Enterprise+ plan and above; the Free plan does not include them.",
      )
      .waitFor();
    expect(await page.getByRole("link", { name: "Dashboards" }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
