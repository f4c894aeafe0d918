import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

function installed(command: string): boolean {
  const result = spawnSync(command, ["--version"], { stdio: "ignore" });
  return !result.error && result.status === 0;
}

describe("the Add agent screen of a server started with npm start", () => {
  let product: RunningProduct;
  let browser: Browser;
  // No AGENT_PACKAGES_DIR: the server offers what `npm start` built into dist/agent-packages.
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("links only to packages the server has, each of which downloads, and the .deb and .rpm when this machine can build them", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/agents/new`);
    await page.getByLabel(/^Name/).fill("web-01");
    await page.getByRole("radio", { name: "Linux" }).check();
    await page.getByRole("button", { name: "Add agent" }).click();
    await page
      .getByRole("heading", { name: "Anywhere Node.js 20.19 or later runs (npm)" })
      .waitFor();

    const links = await page
      .locator(".agent-steps a[download]")
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    const names = links.map((link) => new URL(link).pathname.replace("/downloads/agent/", ""));
    const expected = [
      installed("dpkg-deb") ? /_all\.deb$/ : undefined,
      installed("rpmbuild") ? /\.noarch\.rpm$/ : undefined,
      /^upwatch-agent-\d+\.\d+\.\d+\.tgz$/,
    ].filter((pattern) => pattern !== undefined);
    expect(names).toHaveLength(expected.length);
    for (const [at, pattern] of expected.entries()) expect(names[at]).toMatch(pattern);

    for (const link of links) {
      const response = await fetch(`${product.url}${new URL(link).pathname}`);
      expect(response.status, link).toBe(200);
      await response.arrayBuffer();
    }
    const { files } = await account.api<{ files: { url: string }[] }>("GET", "/agents/downloads");
    expect(files.map((file) => new URL(file.url).pathname)).toEqual(
      links.map((link) => new URL(link).pathname),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
