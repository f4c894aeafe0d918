import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { testBatch, testSample } from "../../server/test/agents.ts";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import { screenshot } from "./support/screenshots.ts";
import type { RunningProduct } from "./support/server.ts";

// The server offers the agent packages it finds here: as after `npm start` on a machine with
// dpkg-deb but no rpmbuild, a .deb and the npm package, no .rpm.
const packages = mkdtempSync(join(tmpdir(), "upwatch-e2e-packages-"));
writeFileSync(join(packages, "upwatch-agent_2.1.0_all.deb"), "deb package");
writeFileSync(join(packages, "upwatch-agent-2.1.0.tgz"), "npm package");

async function sendReport(product: RunningProduct, key: string, at: number, rxPerSecond: number) {
  const sample = testSample(at, {
    network: { rx_bytes_per_second: rxPerSecond, tx_bytes_per_second: 0 },
  });
  const response = await fetch(`${product.url}/agent/v1/reports`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(testBatch(at, [sample])),
  });
  if (!response.ok) throw new Error(`The report was refused: ${await response.text()}`);
}

/** The marks of a chart's vertical axis, bottom first. */
async function axisMarks(page: Page, title: RegExp): Promise<string[]> {
  const chart = page.locator("figure.agent-chart", { has: page.getByRole("img", { name: title }) });
  const texts = await chart.locator(".chart-grid text").allTextContents();
  return texts.slice(0, 3);
}

describe("an agent from its first reports", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running), {
    AGENT_PACKAGES_DIR: packages,
  });
  afterAll(() => rmSync(packages, { recursive: true, force: true }));

  async function addAgent(page: Page, account: AppAccount) {
    await page.goto(`${product.url}/app/agents/new`);
    await page.getByLabel(/^Name/).fill("db-primary");
    await page.getByRole("radio", { name: "Linux" }).check();
    await page.getByRole("button", { name: "Add agent" }).click();
    await page.getByRole("heading", { name: "db-primary is added" }).waitFor();
    const key = (await page.locator("[data-agent-key]").textContent()) ?? "";
    const { data } = await account.api<{ data: { id: string; name: string }[] }>("GET", "/agents");
    return { key, id: data.find((agent) => agent.name === "db-primary")?.id ?? "" };
  }

  it("offers install commands whose copy buttons write the systems' names as they are written", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const page = await context.newPage();
    await addAgent(page, account);
    await page.getByRole("heading", { name: "Debian and Ubuntu (.deb)" }).waitFor();
    const copyButtons = await page.getByRole("button", { name: /^Copy/ }).allTextContents();
    expect(copyButtons).toEqual(
      expect.arrayContaining([
        "Copy key",
        "Copy configuration",
        "Copy .deb install command",
        "Copy npm install command",
        "Copy check command",
        "Copy start command",
      ]),
    );
    expect(copyButtons.join(" ")).not.toMatch(/debian|ubuntu|anywhere/);
    expect(copyButtons).not.toContain("Copy .rpm install command");
    expect(
      await page.locator(".agent-steps").getByText("This server offers no .rpm").textContent(),
    ).toBe(
      "This server offers no .rpm package: its operator builds it with npm run package:agent on a machine with rpmbuild.",
    );
    await screenshot(page.locator(".agent-steps"), "agent-install-steps");
    await context.close();
  });

  it("says it is collecting data after the first report, then draws charts whose network axis marks all differ", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const agent = await addAgent(page, account);
    const first = Date.now() - 60_000;
    await sendReport(product, agent.key, first, 0);

    await page.goto(`${product.url}/app/agents/${agent.id}/charts`);
    const collecting = page.getByRole("status").filter({ hasText: "Collecting data." });
    await collecting.waitFor();
    expect(await collecting.textContent()).toBe(
      "Collecting data. The first report in this range has arrived; the charts draw their lines from the next one, about a minute later.",
    );
    expect(await page.locator("figure.agent-chart").count()).toBe(0);
    await screenshot(page, "agent-charts-collecting");

    await sendReport(product, agent.key, first + 60_000, 300);
    await page.reload();
    await page.getByRole("img", { name: /Network throughput, last hour/ }).waitFor();
    expect(await page.getByText("Collecting data.").count()).toBe(0);
    expect(await axisMarks(page, /Network throughput/)).toEqual(["0 B/s", "512 B/s", "1 KB/s"]);
    expect(await page.locator("path.agent-line").first().getAttribute("d")).toMatch(/^M[\d.,]+L/);
    await screenshot(
      page.locator("figure.agent-chart", {
        has: page.getByRole("img", { name: /Network throughput/ }),
      }),
      "agent-network-chart",
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
