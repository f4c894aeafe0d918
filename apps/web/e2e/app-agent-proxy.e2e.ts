import type { Browser, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureAgentBuilt, type RunningAgent, startAgent } from "./support/agent-program.ts";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** The agent page reads the agent again every 30 seconds; the first report may just miss a read. */
const AGENT_REFRESH_WAIT_MS = 45_000;
/** The agent asks for work every 30 seconds; the first task may just miss a poll. */
const AGENT_POLL_WAIT_MS = 60_000;

/** Waits for something the agent brings about, and shows its output when it never comes. */
async function fromAgent(agent: RunningAgent, what: string, wait: Promise<unknown>) {
  try {
    await wait;
  } catch (error) {
    throw new Error(`${what} did not happen. The agent's output:\n${agent.output()}`, {
      cause: error,
    });
  }
}

async function openTab(page: Page, name: string) {
  await page
    .getByRole("navigation", { name: "Agent sections" })
    .getByRole("link", { name })
    .click();
}

// The product runs without ALLOW_PRIVATE_TARGETS: only the agent may reach the loopback site.
describe("monitoring a private site through an agent", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  let agent: RunningAgent | undefined;
  withProductAndBrowser((running) => ({ product, browser } = running));
  withHttpTarget((target) => (site = target));
  beforeAll(ensureAgentBuilt, 180_000);
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
  });

  it("creates a monitor that runs from the Business account's agent, sees the agent's check on the monitor page and the completed task on the agent's Tasks tab", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    const added = await account.api<{ agent: { id: string }; key: string }>("POST", "/agents", {
      name: "office-gateway",
      os: "linux",
    });
    const running = startAgent({ api_url: product.url, api_key: added.key });
    agent = running;
    await page.goto(`${product.url}/app/agents/${added.agent.id}`);
    await page.getByRole("heading", { level: 1, name: "office-gateway" }).waitFor();
    await fromAgent(
      running,
      "The agent showing as proxy-capable",
      page.getByText("Proxy-capable", { exact: true }).waitFor({ timeout: AGENT_REFRESH_WAIT_MS }),
    );
    await openTab(page, "Tasks");
    await page.getByRole("heading", { name: "No tasks in the past 24 hours" }).waitFor();
    await page.getByRole("link", { name: "Read about proxy monitoring" }).waitFor();

    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByRole("heading", { name: "Add a monitor" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Intranet health");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/health`);
    const runFrom = page.getByRole("group", { name: "Run from" });
    expect(await runFrom.getByRole("radio", { name: "Regions" }).isChecked()).toBe(true);
    await runFrom.getByRole("radio", { name: "Agent" }).check();
    const agentSelect = page.getByRole("combobox", { name: "Agent" });
    await agentSelect.selectOption({ label: "office-gateway" });
    expect(await page.getByRole("group", { name: /^Check from/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create monitor" }).click();

    await page.getByRole("heading", { name: /Intranet health/ }).waitFor();
    await page.getByText("Runs from agent").first().waitFor();
    const checks = page.getByRole("table", { name: "Recent checks, newest first" });
    const agentCheck = checks.locator("tbody tr", { hasText: "Agent" }).first();
    await fromAgent(
      running,
      "The agent's first check",
      agentCheck.waitFor({ timeout: AGENT_POLL_WAIT_MS }),
    );
    expect(await agentCheck.textContent()).toContain("Up");
    expect(site.requests.some((request) => request.url === "/health")).toBe(true);
    expect(await page.getByRole("heading", { name: "Response time by region" }).count()).toBe(0);

    await page.getByRole("link", { name: "office-gateway" }).first().click();
    await page.getByRole("heading", { level: 1, name: "office-gateway" }).waitFor();
    await openTab(page, "Tasks");
    const task = page.getByRole("row", { name: /Intranet health/ }).first();
    await task.getByText("Completed").waitFor();
    expect(await task.textContent()).toMatch(/Up, \d/);
    await page.getByRole("button", { name: /^Completed [1-9]/ }).click();
    await page.waitForURL((url) => url.search === "?state=completed");
    await page.getByRole("button", { name: /^Completed/, pressed: true }).waitFor();
    await task.getByRole("button", { name: /^Details/ }).click();
    const details = page.locator(".task-details").first();
    await details.getByText("Handed out").waitFor();
    expect(await details.textContent()).toContain(
      "The agent's calls about this task were all accepted.",
    );
    expect(await axeViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
