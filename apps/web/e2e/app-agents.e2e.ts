import type { Browser } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureAgentBuilt, type RunningAgent, startAgent } from "./support/agent-program.ts";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** The list reads the agents again every 30 seconds; the first report may just miss a read. */
const LIST_REFRESH_WAIT_MS = 45_000;

describe("agents in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let agent: RunningAgent | undefined;
  withProductAndBrowser((running) => ({ product, browser } = running));
  beforeAll(ensureAgentBuilt, 180_000);
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
  });

  it("adds an agent, runs the real agent with the key shown once, sees it come online with its figures and charts, adds an alert rule and deletes the agent", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: product.url });
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app`);
    await page.getByRole("link", { name: "Agents" }).first().click();
    await page.getByRole("heading", { name: "No agents yet" }).waitFor();
    await page.getByRole("link", { name: "Add agent" }).click();
    await page.getByRole("button", { name: "Add agent" }).click();
    await page.getByText("Give the agent a name").waitFor();
    await page.getByLabel(/^Name/).fill("db-primary");
    await page.getByRole("radio", { name: "Linux" }).check();
    await page.getByRole("button", { name: "Add agent" }).click();

    await page.getByRole("heading", { name: "db-primary is added" }).waitFor();
    await page.getByText("This is the only time the key is shown").waitFor();
    await page.getByRole("button", { name: "Copy key" }).click();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^uwa_[A-Za-z0-9_-]{40}$/);
    expect(await page.locator("[data-agent-key]").textContent()).toBe(key);
    const config = await page.locator("pre", { hasText: "api_key:" }).textContent();
    expect(config).toContain(`api_url: ${product.url}`);
    expect(config).toContain(`api_key: ${key}`);
    expect(config).toContain("# monitoring_interval: 60");
    await page.getByRole("heading", { name: "Check it" }).waitFor();
    expect(await page.getByText("upwatch-agent check").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    agent = startAgent({ api_url: product.url, api_key: key, monitoring_interval: 10 });
    await page.getByRole("link", { name: "Back to agents" }).click();
    const row = page.getByRole("row", { name: /db-primary/ });
    await row.waitFor();
    try {
      await row.getByText("Online").waitFor({ timeout: LIST_REFRESH_WAIT_MS });
    } catch (error) {
      throw new Error(`The agent did not come online. Its output:\n${agent.output()}`, {
        cause: error,
      });
    }
    expect(await row.getByText(/just now|second|minute/).count()).toBe(1);
    expect(await row.textContent()).toContain("2.1.0");

    await row.getByRole("link", { name: "db-primary" }).click();
    await page.getByRole("heading", { level: 1, name: "db-primary" }).waitFor();
    const cpu = page.locator('[data-figure="cpu"] dd').first();
    expect(await cpu.textContent()).toMatch(/\d%/);
    expect(await page.locator('[data-figure="memory"] dd').first().textContent()).toMatch(/\d%/);
    await page.getByRole("row", { name: /^\/ / }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page
      .getByRole("navigation", { name: "Agent sections" })
      .getByRole("link", { name: "Charts" })
      .click();
    const chart = page.getByRole("img", { name: /CPU used, last hour/ });
    // Until the second report the tab says it is collecting data; the charts read again every 30 s.
    await chart.waitFor({ timeout: 45_000 });
    expect(await chart.locator("desc").textContent()).toMatch(/CPU used: latest \d/);
    expect(await page.locator("path.agent-line").count()).toBeGreaterThan(2);
    await page.getByRole("radio", { name: "Last 7 days" }).check();
    // Half-hour rollups are folded in the background: a fresh agent may have none yet.
    await page
      .getByRole("img", { name: /CPU used, last 7 days/ })
      .or(page.getByText("No reports in this range."))
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const tabs = page.getByRole("navigation", { name: "Agent sections" });
    await tabs.getByRole("link", { name: "Alerts" }).click();
    await page.getByText("No alerts for this agent.").waitFor();
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByRole("button", { name: "High CPU" }).click();
    await page.getByLabel(/^CPU used over/).fill("150");
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.locator(".field-error", { hasText: /threshold/i }).waitFor();
    await page.getByLabel(/^CPU used over/).fill("90");
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByText("The rule High CPU is added").waitFor();
    await page.getByRole("list", { name: "Alert rules" }).getByText(/90%/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await tabs.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Delete agent" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete db-primary?" });
    expect(await dialog.textContent()).toContain("alert rules");
    await dialog.getByRole("button", { name: "Delete agent" }).click();
    await page.getByRole("heading", { name: "No agents yet" }).waitFor();
    // The refused threshold is the one failed request the browser reports.
    expect(errors.filter((line) => !line.includes("status of 400"))).toEqual([]);
    await context.close();
  }, 120_000);

  it("tells a Free account which plans include agents instead of offering to add one", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    await registerAccount(context, product);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/agents`);
    await page.getByRole("heading", { name: "No agents on the Free plan" }).waitFor();
    await page.getByText("Agents are part of the Business and Enterprise+ plans").waitFor();
    expect(await page.getByRole("link", { name: "Add agent" }).count()).toBe(0);
    await context.close();
  });
});
