import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerInContext } from "./support/app-accounts.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("API keys in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("creates a key shown once, which works, then revokes it after a confirmation", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    await registerInContext(context, product, "keys");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/api-keys`);
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();

    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText("Give the key a name").waitFor();
    await page.getByLabel("Key name").fill("Deploy script");
    await page.getByRole("button", { name: "Create key" }).click();

    const secret = page.getByRole("region", { name: "Your new API key: Deploy script" });
    await secret.waitFor();
    expect(await secret.textContent()).toContain("cannot show it again");
    const key = String(await secret.locator("code").textContent());
    expect(key).toMatch(/^uw_/);
    expect(await secret.getByRole("button", { name: "Copy" }).isVisible()).toBe(true);

    const row = page.getByRole("row", { name: /Deploy script/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(key.slice(0, 7));
    expect(await row.textContent()).toContain("Never");
    expect(await row.textContent()).toContain("Active");

    const withKey = await fetch(`${product.url}/api/v1/monitors`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(200);

    await secret.getByRole("button", { name: "I have stored the key" }).click();
    await secret.waitFor({ state: "detached" });
    await page.reload();
    expect(await page.content()).not.toContain(key);
    await page
      .getByRole("row", { name: /Deploy script/ })
      .getByText("just now")
      .waitFor();

    await page.getByRole("button", { name: "Revoke Deploy script" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke Deploy script?" });
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("Deploy script is revoked").waitFor();
    await page
      .getByRole("row", { name: /Deploy script/ })
      .getByText(/Revoked/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Revoke Deploy script" }).count()).toBe(0);

    const afterRevoke = await fetch(`${product.url}/api/v1/monitors`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(afterRevoke.status).toBe(401);
    await context.close();
  });
});
