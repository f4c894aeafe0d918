import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { addMember, logIn, registerInContext, setPlan } from "./support/app-accounts.ts";
import { createHttpMonitor } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("a viewer in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  it("reads the account's monitors but finds no control to change them, and the API refuses changes", async () => {
    const ownerContext = await browser.newContext();
    const owner = await registerAccount(ownerContext, product);
    await setPlan(product, owner.accountId, "business");
    const shop = await createHttpMonitor(owner, {
      name: "Shop checkout",
      target: "http://127.0.0.1:9/checkout",
    });
    const gateway = await createHttpMonitor(owner, {
      name: "Office gateway",
      target: "http://127.0.0.1:9/gateway",
    });
    await owner.api("POST", "/dependencies", {
      child_monitor_id: shop.id,
      parent_monitor_id: gateway.id,
    });
    await owner.api("POST", "/channels", {
      type: "email",
      name: "Ops mail",
      config: { address: owner.email },
    });

    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const viewer = await registerInContext(context, product, "viewer");
    await addMember(product, owner.accountId, viewer.email, "viewer");
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await logIn(page, viewer.email, viewer.password);

    await page.getByRole("link", { name: "Shop checkout" }).waitFor();
    const header = page.getByRole("banner");
    await header.getByText("Viewer", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Add monitor" }).count()).toBe(0);
    const nav = page.getByRole("navigation", { name: "App" });
    expect(await nav.getByRole("link", { name: "Monitors" }).count()).toBe(1);
    expect(await nav.getByRole("link", { name: "API keys" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Shop checkout" }).click();
    await page.getByRole("heading", { level: 1, name: "Shop checkout" }).waitFor();
    for (const name of ["Check now", "Pause", "Delete", "Add dependency"]) {
      expect(await page.getByRole("button", { name }).count()).toBe(0);
    }
    expect(await page.getByRole("link", { name: "Edit", exact: true }).count()).toBe(0);

    await page.goto(`${product.url}/app/monitors/new`);
    await page.getByText("Your role does not add monitors.").waitFor();
    expect(
      await page.getByRole("button", { name: /Add monitor|Create monitor|Save/ }).count(),
    ).toBe(0);

    await page.goto(`${product.url}/app/alerts/dependencies`);
    const map = page.getByRole("list", { name: "Dependency map" });
    await map.getByRole("link", { name: "Shop checkout" }).waitFor();
    for (const name of ["Add dependency", "Remove"]) {
      expect(await page.getByRole("button", { name }).count()).toBe(0);
    }

    await page.goto(`${product.url}/app/channels`);
    await page.getByRole("link", { name: "Ops mail" }).waitFor();
    expect(await page.getByRole("link", { name: "Add channel" }).count()).toBe(0);
    await page.getByRole("link", { name: "Ops mail" }).click();
    await page.getByRole("heading", { level: 1, name: "Ops mail" }).waitFor();
    for (const name of ["Edit", "Delete channel", "Send test"]) {
      expect(await page.getByRole("button", { name }).count()).toBe(0);
    }

    await page.goto(`${product.url}/app/settings`);
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    expect(await page.getByRole("heading", { name: "Danger Zone" }).count()).toBe(0);

    const session = await context.request.get(`${product.url}/api/v1/auth/session`);
    const answer = (await session.json()) as {
      account: { id: string };
      membership: { role: string; permissions: string[] };
      csrf_token: string;
    };
    expect(answer.account.id).toBe(owner.accountId);
    expect(answer.membership).toEqual({
      role: "viewer",
      role_name: "Viewer",
      permissions: ["view"],
    });
    const refused = await context.request.fetch(`${product.url}/api/v1/monitors/${shop.id}`, {
      method: "DELETE",
      headers: { "x-csrf-token": answer.csrf_token },
    });
    expect(refused.status()).toBe(403);
    const { detail } = (await refused.json()) as { detail: string };
    expect(detail).toMatch(/^[A-Z].+\.$/);
    const stillThere = await context.request.get(`${product.url}/api/v1/monitors/${shop.id}`);
    expect(stillThere.status()).toBe(200);

    await context.close();
    await ownerContext.close();
  });
  it("reads a status page's components and incidents without the controls that run the page", async () => {
    const ownerContext = await browser.newContext();
    const owner = await registerAccount(ownerContext, product);
    await setPlan(product, owner.accountId, "business");
    const statusPage = await owner.api<{ id: string }>("POST", "/status-pages", {
      name: "Acme status",
      slug: `acme-viewer-${Date.now().toString(36)}`,
    });
    await owner.api("POST", `/status-pages/${statusPage.id}/components`, { name: "Website" });

    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const viewer = await registerInContext(context, product, "page-viewer");
    await addMember(product, owner.accountId, viewer.email, "viewer");
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await logIn(page, viewer.email, viewer.password);
    await page.getByRole("banner").getByText("Viewer", { exact: true }).waitFor();

    await page.goto(`${product.url}/app/status-pages`);
    await page.getByRole("link", { name: "Acme status" }).waitFor();
    expect(await page.getByRole("link", { name: "New status page" }).count()).toBe(0);
    await page.getByRole("link", { name: "Acme status" }).click();
    await page.getByRole("heading", { level: 2, name: "Components" }).waitFor();
    await page.getByText("Website").first().waitFor();
    expect(await page.getByRole("heading", { name: "Add a component" }).count()).toBe(0);
    const tabs = page.getByRole("navigation", { name: "Status page sections" });
    expect(await tabs.getByRole("link", { name: "Incidents" }).count()).toBe(1);
    expect(await tabs.getByRole("link", { name: "Settings" }).count()).toBe(0);

    await tabs.getByRole("link", { name: "Incidents" }).click();
    await page.getByRole("heading", { name: "No open incidents" }).waitFor();
    expect(await page.getByRole("link", { name: "Post an incident" }).count()).toBe(0);

    await context.close();
    await ownerContext.close();
  });
});
