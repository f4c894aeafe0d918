import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** Waits until the list shows exactly these monitors, in this order. */
async function shownMonitors(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify([...document.querySelectorAll(".monitor-link")].map((a) => a.textContent)) ===
      JSON.stringify(expected),
    names,
    { timeout: 8_000 },
  );
}

/** Waits until the address's query is exactly `query` (the filters replace it in place). */
async function addressQueryIs(page: Page, query: string): Promise<void> {
  const deadline = Date.now() + 8_000;
  while (new URL(page.url()).search !== query) {
    if (Date.now() > deadline) {
      throw new Error(`The address's query is ${new URL(page.url()).search}, not ${query}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the monitors screens", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  async function signedIn(): Promise<{ context: BrowserContext; page: Page; account: AppAccount }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(8_000);
    const account = await registerAccount(context, product);
    return { context, page: await context.newPage(), account };
  }

  it("tells a new account to add its first monitor, and the form shows the engine's and the plan's rules before sending anything", async () => {
    const { context, page } = await signedIn();
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { policyViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${location.pathname}`,
        );
      });
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/v1/monitors")) {
        posts.push(request.url());
      }
    });
    await page.goto(`${product.url}/app`);
    await page.getByRole("heading", { name: "Add your first monitor" }).waitFor();
    await page.getByRole("link", { name: "Add your first monitor" }).click();
    await page.getByRole("heading", { name: "Add a monitor" }).waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Shop front");
    await page.getByLabel("URL", { exact: true }).fill("shop.example");
    await page
      .getByText(
        "The URL of HTTP/HTTPS monitors must be an address starting with http:// or https://.",
      )
      .waitFor();
    await page.getByLabel("Check every").selectOption({ label: "1 minute" });
    const interval = page.locator("#monitor-interval-error");
    expect(await interval.textContent()).toMatch(/^The Free plan checks at most every 5 minutes/);
    expect(await page.getByLabel("Check every").getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("radio", { name: /TCP/ }).check();
    await page.getByText(/^TCP monitors need the Hobby plan or above/).waitFor();
    await page.getByRole("button", { name: "Create monitor" }).click();
    expect(posts).toEqual([]);

    await page.getByRole("radio", { name: /HTTP\/HTTPS/ }).check();
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/shop`);
    await page.getByLabel("Check every").selectOption({ label: "5 minutes" });
    await page.getByLabel("Failure threshold").fill("0");
    await page.getByText("The failure threshold must be from 1 to 20.").waitFor();
    await page.getByLabel("Failure threshold").fill("1");
    await page.getByRole("button", { name: "Create monitor" }).click();
    await page.getByRole("heading", { name: /Shop front/ }).waitFor();
    expect(page.url()).toMatch(/\/app\/monitors\/mon_/);
    await page.locator(".monitor-title .status-badge", { hasText: "Up" }).waitFor();
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
    // The validation library runs without compiling code, which the page's policy forbids.
    expect(
      await page.evaluate(
        () => (window as unknown as { policyViolations: string[] }).policyViolations,
      ),
    ).toEqual([]);
    await context.close();
  });

  it("lists every monitor with its status, the day's bars and response time, and keeps the search and filters in the address", async () => {
    const { context, page, account } = await signedIn();
    const web = await account.api<{ id: string }>("POST", "/groups", { name: "Web" });
    const api = await account.api<{ id: string }>("POST", "/groups", { name: "API" });
    const shop = await createHttpMonitor(account, {
      name: "Shop",
      target: `${site.url}/`,
      group_ids: [web.id],
    });
    const docs = await createHttpMonitor(account, {
      name: "Docs",
      target: `${site.url}/docs`,
      group_ids: [web.id],
    });
    const billing = await createHttpMonitor(account, {
      name: "Billing API",
      target: "http://127.0.0.1:9/billing",
      group_ids: [api.id],
    });
    await waitForFirstChecks(account, [shop.id, docs.id, billing.id]);
    await account.api("POST", `/monitors/${docs.id}/pause`);

    await page.goto(`${product.url}/app`);
    const rows = page.locator(".monitor-row");
    await rows.nth(2).waitFor();
    expect(await rows.locator(".monitor-link").allTextContents()).toEqual([
      "Billing API",
      "Shop",
      "Docs",
    ]);
    expect(await rows.nth(0).locator(".status-badge").textContent()).toBe("Down");
    expect(await rows.nth(1).getByRole("img").getAttribute("aria-label")).toBe(
      "Shop: 100% up over the last 24 hours",
    );
    expect(await rows.nth(2).locator(".status-badge").textContent()).toBe("Paused");
    expect(await page.locator(".monitor-counts").textContent()).toBe("1 up1 down1 paused");

    await page.getByLabel("Search").fill("billing");
    await addressQueryIs(page, "?q=billing");
    await shownMonitors(page, ["Billing API"]);
    await page.reload();
    expect(await page.getByLabel("Search").inputValue()).toBe("billing");
    await shownMonitors(page, ["Billing API"]);

    await page.getByLabel("Search").fill("");
    await page.getByText("Any group").click();
    await page.getByRole("checkbox", { name: "Web" }).check();
    await page.getByLabel("Status").selectOption("up");
    await addressQueryIs(page, `?status=up&group=${web.id}`);
    await shownMonitors(page, ["Shop"]);
    await page.getByLabel("Type").selectOption("keyword");
    await page.getByRole("heading", { name: "No monitor matches" }).waitFor();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await shownMonitors(page, ["Billing API", "Shop", "Docs"]);
    expect(new URL(page.url()).search).toBe("");

    // A link to the list (the navigation's Monitors) shows it unfiltered.
    await page.getByLabel("Search").fill("shop");
    await shownMonitors(page, ["Shop"]);
    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Monitors" })
      .click();
    await shownMonitors(page, ["Billing API", "Shop", "Docs"]);
    expect(await page.getByLabel("Search").inputValue()).toBe("");
    await context.close();
  });

  it("shows a monitor's uptime, response times as a chart and a table, its incident and alert, and chooses its parents, refusing a cycle with the server's sentence", async () => {
    const { context, page, account } = await signedIn();
    const errors = collectPageErrors(page);
    const router = await createHttpMonitor(account, {
      name: "Router",
      target: `${site.url}/router`,
    });
    const billing = await createHttpMonitor(account, {
      name: "Billing API",
      target: "http://127.0.0.1:9/billing",
    });
    await waitForFirstChecks(account, [router.id, billing.id]);

    await page.goto(`${product.url}/app/monitors/${billing.id}`);
    await page.getByRole("heading", { name: /Billing API/ }).waitFor();
    expect(await page.title()).toBe("Billing API | Upwatch");
    await page
      .getByRole("img", {
        name: "Billing API: 0% up over the last 24 hours, failures in 1 of 48 half-hours",
      })
      .waitFor();
    await page.getByRole("heading", { name: "Uptime" }).waitFor();
    await page.locator(".stat", { hasText: "Uptime 24 hours" }).getByText("0%").waitFor();
    // The chart waits for the stats read, which a busy machine can hold past the usual wait.
    await page
      .getByRole("img", { name: /^Response time of the last check/ })
      .waitFor({ timeout: 30_000 });
    const checks = page.getByRole("table", { name: "Recent checks, newest first" });
    expect(await checks.locator("tbody tr").count()).toBe(1);
    expect(await checks.locator("tbody tr").first().textContent()).toContain("Down");
    await page.getByText("Ongoing outage").waitFor();
    await page.locator(".alert-item", { hasText: "Critical" }).waitFor();

    await page.getByLabel("Depends on").selectOption({ label: "Router" });
    await page.getByRole("button", { name: "Add dependency" }).click();
    await page
      .getByRole("list", { name: "Depends on" })
      .getByRole("link", { name: "Router" })
      .waitFor();

    await page.getByRole("link", { name: "Router" }).click();
    await page.getByRole("heading", { name: /Router/ }).waitFor();
    await page.getByText("Monitors that depend on this one:").waitFor();
    await page.getByLabel("Depends on").selectOption({ label: "Billing API" });
    await page.getByRole("button", { name: "Add dependency" }).click();
    const refusal = page.locator("#dependency-error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/cycle/i);

    await page.goto(`${product.url}/app/monitors/${billing.id}`);
    await page.getByRole("button", { name: "Remove the dependency on Router" }).click();
    await page.getByText("This monitor depends on no other monitor.").waitFor();
    expect(errors.filter((line) => !line.includes("400"))).toEqual([]);
    await context.close();
  });

  it("pauses and resumes a monitor, edits it, and deletes it only after the confirmation", async () => {
    const { context, page, account } = await signedIn();
    const shop = await createHttpMonitor(account, { name: "Shop", target: `${site.url}/` });
    await page.goto(`${product.url}/app/monitors/${shop.id}`);
    await page.getByRole("heading", { name: /Shop/ }).waitFor();

    await page.getByRole("button", { name: "Pause" }).click();
    await page.locator(".monitor-title .status-badge", { hasText: "Paused" }).waitFor();
    expect(await page.getByRole("button", { name: "Check now" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByRole("button", { name: "Pause" }).waitFor();

    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit Shop" }).waitFor();
    expect(await page.getByLabel("URL", { exact: true }).inputValue()).toBe(`${site.url}/`);
    await page.getByLabel("Name", { exact: true }).fill("Shop front page");
    await page.getByLabel("Recovery confirmations").fill("2");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: /Shop front page/ }).waitFor();
    await page.getByText("2 successful checks").waitFor();

    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Shop front page?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete monitor" }).click();
    await page.getByRole("heading", { name: "Add your first monitor" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app");
    await page.goto(`${product.url}/app/monitors/${shop.id}`);
    await page.getByRole("heading", { name: "No such monitor" }).waitFor();
    await page.getByRole("link", { name: "Back to monitors" }).waitFor();
    await context.close();
  });

  it("shows the Free plan's monitor limit before an eleventh monitor, and the server's refusal inline", async () => {
    const { context, page, account } = await signedIn();
    for (let index = 1; index <= 10; index += 1) {
      await account.api("POST", "/monitors", {
        type: "http",
        name: `Page ${index}`,
        target: `${site.url}/${index}`,
        paused: true,
      });
    }
    const limit =
      "Your Free plan allows 10 monitors. Delete a monitor or upgrade your plan to add another.";
    await page.goto(`${product.url}/app`);
    await page.getByText(limit).waitFor();
    await page.getByRole("link", { name: "Add monitor" }).click();
    await page.getByRole("heading", { name: "Add a monitor" }).waitFor();
    await page.getByText(limit).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Page 11");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/11`);
    const answer = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith("/monitors"),
    );
    await page.getByRole("button", { name: "Create monitor" }).click();
    const refused = await answer;
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toBe(limit);
    expect(await page.locator(".form-problem-slot").textContent()).toBe(limit);
    expect(new URL(page.url()).pathname).toBe("/app/monitors/new");
    await context.close();
  });

  it("creates a keyword monitor with a custom header on Hobby, which finds its text on the site", async () => {
    const { context, page, account } = await signedIn();
    await setPlan(product, account.accountId, "hobby");
    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByRole("radio", { name: /Keyword/ }).check();
    await page.getByLabel("Name", { exact: true }).fill("Greeting");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/greeting`);
    await page.getByLabel("Keyword", { exact: true }).fill("Hello from /greeting");
    await page.getByRole("button", { name: "Add a header" }).click();
    await page.getByLabel("Header 1 name").fill("X-Probe");
    await page.getByLabel("Header 1 value").fill("upwatch");
    await page.getByLabel("Check every").selectOption({ label: "1 minute" });
    await page.getByRole("button", { name: "Create monitor" }).click();
    await page.getByRole("heading", { name: /Greeting/ }).waitFor();
    // The first check runs once the monitor is stored; on a busy machine it can take a while.
    await page
      .locator(".monitor-title .status-badge", { hasText: "Up" })
      .waitFor({ timeout: 20_000 });
    await page.locator(".settings-list").getByText("us-west-1").waitFor();
    const id = new URL(page.url()).pathname.split("/").pop();
    const saved = await account.api<{ options: Record<string, unknown> }>("GET", `/monitors/${id}`);
    expect(saved.options).toMatchObject({
      keyword: "Hello from /greeting",
      headers: { "X-Probe": "upwatch" },
    });
    expect(site.requests.some((request) => request.headers["x-probe"] === "upwatch")).toBe(true);
    await context.close();
  });

  it("keeps a header ticked Secret masked in the form and the API, and still sends it after an edit", async () => {
    const { context, page, account } = await signedIn();
    await setPlan(product, account.accountId, "hobby");
    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByLabel("Name", { exact: true }).fill("Vault");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/vault`);
    await page.getByRole("button", { name: "Add a header" }).click();
    await page.getByLabel("Header 1 name").fill("X-Tenant");
    await page.getByLabel("Header 1 value").fill("acme");
    await page.getByLabel("Secret (header 1)").check();
    await page.getByRole("button", { name: "Create monitor" }).click();
    await page.getByRole("heading", { name: /Vault/ }).waitFor();
    const id = new URL(page.url()).pathname.split("/").pop();
    const saved = await account.api<{ options: Record<string, unknown> }>("GET", `/monitors/${id}`);
    expect(saved.options.headers).toEqual({ "X-Tenant": { value: "********", secret: true } });

    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit Vault" }).waitFor();
    expect(await page.getByLabel("Header 1 value").inputValue()).toBe("********");
    expect(await page.getByLabel("Header 1 value").getAttribute("type")).toBe("password");
    expect(await page.getByLabel("Secret (header 1)").isChecked()).toBe(true);
    // A new target starts the monitor over, so it is checked at once with the kept value.
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/vault-edited`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: /Vault/ }).waitFor();
    await expect
      .poll(() => site.requests.find((request) => request.url === "/vault-edited"))
      .toBeDefined();
    const edited = site.requests.find((request) => request.url === "/vault-edited")!;
    expect(edited.headers["x-tenant"]).toBe("acme");
    await context.close();
  });
});
