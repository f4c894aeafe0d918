import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("secure variables in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("adds a variable whose value is never shown again, replaces the value, then deletes it", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerInContext(context, product, "secure-vars");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    await page.getByRole("link", { name: "Manage secure variables" }).click();
    await page.getByRole("heading", { level: 1, name: "Secure variables" }).waitFor();
    const planNotice = page.getByText("Multi-step API checks, and the secure variables they use");
    await planNotice.waitFor();

    await setPlan(product, account.accountId, "hobby");
    await page.reload();
    await page.getByRole("heading", { name: "No secure variables yet" }).waitFor();
    expect(await planNotice.count()).toBe(0);

    const first = "first-Secret-value-4d9b";
    await page.getByLabel(/^Name/).fill("orders_api_password");
    await page.getByLabel(/^Value/).fill(first);
    await page.getByRole("button", { name: "Add secure variable" }).click();
    await page.getByText("Its value will not be shown again").waitFor();
    const row = page.getByRole("row", { name: /orders_api_password/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("No monitors");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByLabel(/^Value/).inputValue()).toBe("");
    expect(await page.content()).not.toContain(first);

    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(first);
    const listed = await context.request.get(`${product.url}/api/v1/secure-variables`);
    expect(await listed.text()).not.toContain(first);

    await page.getByRole("button", { name: "Replace value of orders_api_password" }).click();
    const replace = page.getByRole("dialog", { name: "Replace the value of orders_api_password" });
    const second = "second-Secret-value-7e21";
    await replace.getByLabel("New value").fill(second);
    await replace.getByRole("button", { name: "Replace value" }).click();
    await page.getByText("The value of orders_api_password is replaced").waitFor();
    await replace.waitFor({ state: "hidden" });
    expect(await page.content()).not.toContain(second);

    await page.getByRole("button", { name: "Delete orders_api_password" }).click();
    const remove = page.getByRole("dialog", { name: "Delete orders_api_password?" });
    expect(await remove.textContent()).toContain("No monitor uses it now");
    await remove.getByRole("button", { name: "Delete variable" }).click();
    await page.getByText("orders_api_password is deleted").waitFor();
    await page.getByRole("heading", { name: "No secure variables yet" }).waitFor();
    await context.close();
  });
});
