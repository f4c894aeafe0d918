import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("the audit log in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("names Business on smaller plans, then shows who changed what, filtered and exported", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerInContext(context, product, "audit-log");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Audit log" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    await page.getByText("The audit log is part of the Business plan and above").waitFor();

    await setPlan(product, account.accountId, "business");
    await page.goto(`${product.url}/app/secure-variables`);
    const secret = "audit-Secret-value-5c1e";
    await page.getByLabel(/^Name/).fill("billing_token");
    await page.getByLabel(/^Value/).fill(secret);
    await page.getByRole("button", { name: "Add secure variable" }).click();
    await page.getByText("Its value will not be shown again").waitFor();

    await page.goto(`${product.url}/app/settings/audit-log`);
    const added = page.getByRole("row", { name: /Secure variable added/ });
    await added.waitFor();
    expect(await added.textContent()).toContain(account.email);
    expect(await added.textContent()).toContain("billing_token");
    await added.getByText("1 field: value").click();
    await added.getByText("••••••").waitFor();
    await page.getByRole("row", { name: /Plan changed/ }).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Action").selectOption("plan.changed");
    await page.waitForURL(/action=plan\.changed/);
    await added.waitFor({ state: "hidden" });
    await page.getByRole("row", { name: /Plan changed/ }).waitFor();
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toBe("/api/v1/audit-log.csv?action=plan.changed");
    const csv = await (await context.request.get(`${product.url}${href}`)).text();
    expect(csv.split("\r\n")[0]).toBe("time,actor,action,target,changes,address,user agent");
    expect(csv).toContain("Operator,plan.changed");
    expect(csv).not.toContain("secure_variable");

    await page.reload();
    expect(await page.getByLabel("Action").inputValue()).toBe("plan.changed");
    await context.close();
  });
});
