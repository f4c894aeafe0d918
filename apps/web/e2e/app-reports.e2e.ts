import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { checkNow, waitForFirstChecks } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const thisMonth = () =>
  new Date().toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

describe("SLA reports in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  it("shows a monitor's outage in its month's figures and downloads them as CSV", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(15_000);
    const account = await registerAccount(context, product);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${product.url}/app/reports`);
    await page.getByText("SLA reports are part of the Enterprise").waitFor();

    await setPlan(product, account.accountId, "enterprise");
    site.failing = true;
    const monitor = await account.api<{ id: string }>("POST", "/monitors", {
      type: "http",
      name: "Checkout",
      target: `${site.url}/checkout`,
      failure_threshold: 1,
      recovery_confirmations: 1,
    });
    await waitForFirstChecks(account, [monitor.id]);
    site.failing = false;
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await checkNow(account, monitor.id);

    await page.goto(`${product.url}/app`);
    await page.getByRole("navigation").getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    await page.getByLabel("Name").selectOption({ label: "Checkout" });
    await page.getByLabel("Period").selectOption({ label: thisMonth() });
    const summary = page.getByRole("definition").first();
    await summary.waitFor();
    const outages = page.getByRole("table", { name: "Outages in the period" });
    await outages.waitFor();
    const row = outages.getByRole("row", { name: /Checkout/ });
    expect(await row.textContent()).toContain("503");
    const figures = page.locator(".report-figures");
    expect(await figures.getByText("Outages").locator("xpath=..").textContent()).toBe("Outages1");
    expect(
      await figures.getByText("Target", { exact: true }).locator("xpath=..").textContent(),
    ).toBe("Target99.9 %");

    expect(await axeViolations(page)).toEqual([]);

    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(href).toContain("/api/v1/reports/sla.csv?");
    const csv = await (await context.request.get(`${product.url}${href}`)).text();
    expect(csv.split("\r\n")[0]).toMatch(
      /^report,subject type,subject,from,to,time zone,target percent,/,
    );
    expect(csv).toMatch(/\r\nCheckout,20\d\d-\d\d-\d\dT[^,]+,20\d\d-[^,]+,\d+,[\d.]+,HTTP 503: /);
    const pdf = await context.request.get(
      `${product.url}${href!.replace("/reports/sla.csv?", "/reports/sla.pdf?")}`,
    );
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
