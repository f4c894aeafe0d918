import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import { screenshot } from "./support/screenshots.ts";
import type { RunningProduct } from "./support/server.ts";

describe("a status page made a minute ago", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  it("is titled once with its name, shows the name as a heading rather than a link, and gives no uptime for days without checks", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "hobby");
    const api = await createHttpMonitor(account, { name: "API", target: site.url });
    const waiting = await createHttpMonitor(account, {
      name: "Website",
      target: `${site.url}/web`,
      paused: true,
    });
    await waitForFirstChecks(account, [api.id]);
    const slug = `acme-${Date.now().toString(36)}`;
    const statusPage = await account.api<{ id: string }>("POST", "/status-pages", {
      name: "Acme status",
      slug,
    });
    await account.api("POST", `/status-pages/${statusPage.id}/components`, {
      name: "API",
      monitor_ids: [api.id],
    });
    await account.api("POST", `/status-pages/${statusPage.id}/components`, {
      name: "Website",
      monitor_ids: [waiting.id],
    });

    const page = await context.newPage();
    await page.goto(`${product.url}/status/${slug}`);
    await screenshot(page, "new-status-page");
    expect(await page.title()).toBe("Acme status");
    const name = page.locator("header .name");
    expect(await name.textContent()).toBe("Acme status");
    expect(await name.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
      "none",
    );
    const today = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(Date.now());
    const apiCard = page.locator("li.card", { hasText: "API" });
    expect(await apiCard.locator(".row.muted").textContent()).toBe(
      `90 days ago100% uptime since ${today}Today`,
    );
    await page
      .getByRole("img", { name: `API: 100% uptime since ${today}, over the past 90 days` })
      .waitFor();
    const websiteCard = page.locator("li.card", { hasText: "Website" });
    expect(await websiteCard.locator(".row.muted").textContent()).toBe(
      "90 days agoNo data yetToday",
    );
    expect(await websiteCard.locator("rect.b-up, rect.b-part, rect.b-down").count()).toBe(0);
    expect(await page.textContent("body")).not.toContain("status status");

    const feed = await context.request.get(`${product.url}/status/${slug}/feed.atom`);
    expect(await feed.text()).toContain("<title>Acme status</title>");
    await context.close();
  });
});
