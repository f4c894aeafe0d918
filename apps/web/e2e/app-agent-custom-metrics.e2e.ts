import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testBatch, testSample } from "../../server/test/agents.ts";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import { screenshot } from "./support/screenshots.ts";
import type { RunningProduct } from "./support/server.ts";

async function reportQueues(product: RunningProduct, key: string, at: number, mail: number) {
  const sample = testSample(at, {
    custom_metrics: [
      { name: "queue_depth", labels: { queue: "mail" }, value: mail },
      { name: "queue_depth", labels: { queue: "thumbnails" }, value: 4 },
    ],
  });
  const response = await fetch(`${product.url}/agent/v1/reports`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(testBatch(at, [sample])),
  });
  if (!response.ok) throw new Error(`The report was refused: ${await response.text()}`);
}

async function agentOf(account: AppAccount) {
  const created = await account.api<{ agent: { id: string }; key: string }>("POST", "/agents", {
    name: "worker-1",
    os: "linux",
  });
  return { id: created.agent.id, key: created.key };
}

describe("an agent's custom metrics in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("charts the series the person picks and adds an alert rule on one of them", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "enterprise");
    const agent = await agentOf(account);
    const first = Date.now() - 60_000;
    await reportQueues(product, agent.key, first, 40);
    await reportQueues(product, agent.key, first + 30_000, 90);
    await reportQueues(product, agent.key, first + 60_000, 60);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/agents/${agent.id}/charts`);
    await page.getByRole("heading", { name: "Custom metrics" }).waitFor();
    const picker = page.getByLabel("Series");
    expect(await picker.locator("option").allTextContents()).toEqual([
      'queue_depth{queue="mail"}',
      'queue_depth{queue="thumbnails"}',
    ]);
    const mailChart = page.getByRole("img", { name: /^queue_depth\{queue="mail"\}, last hour/ });
    await mailChart.waitFor();
    expect(await mailChart.locator("desc").textContent()).toContain(
      'queue_depth{queue="mail"}: latest 60, average 63.33, highest 90.',
    );
    await picker.selectOption({ label: 'queue_depth{queue="thumbnails"}' });
    await page
      .getByRole("img", { name: /^queue_depth\{queue="thumbnails"\}, last hour/ })
      .waitFor();
    await screenshot(page, "agent-custom-metric-chart");

    await page.goto(`${product.url}/app/agents/${agent.id}/alerts`);
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByRole("button", { name: "Custom metric" }).click();
    await page.getByLabel(/^Metric/).fill("queue_depth");
    await page.getByLabel(/^Labels/).fill("queue=mail");
    await page.getByLabel(/^Alert when the value is/).selectOption("above");
    await page.getByLabel(/^Threshold/).fill("100");
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByText('queue_depth{queue="mail"} above 100').waitFor();
    await screenshot(page, "agent-custom-metric-rule");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says on the Charts tab why a plan without custom metrics does not store them, and offers no rule on them", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const agent = await agentOf(account);
    await reportQueues(product, agent.key, Date.now(), 40);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app/agents/${agent.id}/charts`);
    const refusal = page.getByRole("status").filter({ hasText: "Custom metrics are part of" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      "Custom metrics are part of the Enterprise+ plan and self-hosted Upwatch; this account's plan (Business) has none, so the agent's custom metrics are not stored. Its other figures are.",
    );
    await page.goto(`${product.url}/app/agents/${agent.id}/alerts`);
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByRole("button", { name: "High CPU" }).waitFor();
    expect(await page.getByRole("button", { name: "Custom metric" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
