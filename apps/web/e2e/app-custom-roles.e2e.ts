import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addMember, registerInContext, setPlan, uniqueEmail } from "./support/app-accounts.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("a custom role that manages members", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => {
    ({ product, browser } = running);
  });

  it("is made by the owner, given in the members' role picker, and lets its holder invite and handle only the roles it could give", async () => {
    const ownerContext = await browser.newContext();
    const leadContext = await browser.newContext();
    const owner = await registerInContext(ownerContext, product, "roles-owner");
    const lead = await registerInContext(leadContext, product, "team-lead");
    await setPlan(product, owner.accountId, "enterprise");
    await addMember(product, owner.accountId, lead.email, "viewer");

    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${product.url}/app/settings/roles`);
    await ownerPage.getByRole("heading", { name: "Create a custom role" }).waitFor();
    await ownerPage.getByLabel("Role name").fill("Team lead");
    for (const permission of [
      "Invite people, change their roles and remove them",
      "Add, change, pause, delete and check monitors",
      "Acknowledge and resolve alerts",
    ]) {
      await ownerPage.getByLabel(permission, { exact: false }).check();
    }
    await ownerPage.getByRole("button", { name: "Create role" }).click();
    await ownerPage.getByRole("button", { name: "Edit Team lead" }).waitFor();

    await ownerPage.goto(`${product.url}/app/settings/members`);
    const adminEmail = uniqueEmail("invited-admin");
    await invite(ownerPage, adminEmail, "Admin");
    const leadRole = ownerPage.getByRole("combobox", { name: `Role of ${lead.email}` });
    const changed = ownerPage.waitForResponse(
      (response) => response.request().method() === "PATCH",
    );
    await leadRole.selectOption({ label: "Team lead" });
    expect((await changed).status()).toBe(200);

    const page = await leadContext.newPage();
    await page.goto(`${product.url}/app`);
    const switched = page.waitForResponse((response) =>
      response.url().endsWith("/api/v1/auth/session/account"),
    );
    await page.getByRole("combobox", { name: "Account" }).selectOption(owner.accountId);
    expect((await switched).status()).toBe(200);
    // Switching reloads the app: wait for the header to show the account before moving on.
    await page.waitForURL(`${product.url}/app`);
    await expect
      .poll(() => page.getByRole("combobox", { name: "Account" }).inputValue())
      .toBe(owner.accountId);
    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Settings" })
      .click();
    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Members" })
      .click();
    const picker = page.locator("#invite-role");
    await picker.waitFor();
    await expect
      .poll(() => picker.locator("option").allTextContents())
      .toEqual(["Member", "Viewer", "Team lead"]);
    const memberEmail = uniqueEmail("invited-member");
    await invite(page, memberEmail, "Member");

    const mine = page.locator(`[data-invitation="${memberEmail}"]`);
    await mine.getByRole("button", { name: "Resend" }).waitFor();
    expect(await mine.getByRole("button", { name: "Revoke" }).count()).toBe(1);
    const admins = page.locator(`[data-invitation="${adminEmail}"]`);
    await admins.waitFor();
    expect(await admins.textContent()).toContain("Only someone who can give this role handles it");
    expect(await admins.getByRole("button").count()).toBe(0);
    await ownerContext.close();
    await leadContext.close();
  });
});

async function invite(page: Page, email: string, role: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.locator("#invite-role").selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await page.locator(`[data-invitation="${email}"]`).waitFor();
}
