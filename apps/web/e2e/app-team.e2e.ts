import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SmtpSink } from "../../server/test/smtp-sink.ts";
import { PASSWORD, registerInContext, setPlan, uniqueEmail } from "./support/app-accounts.ts";
import { withProductBrowserAndMail } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

describe("inviting a teammate", () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: SmtpSink;
  withProductBrowserAndMail((running) => {
    ({ product, browser, smtp } = running);
  });

  it("an owner invites a Viewer, who joins through the mailed link and may look but not manage (the screen asks only for what the role may read); the owner makes another account and switches back", async () => {
    const ownerContext = await browser.newContext();
    const owner = await registerInContext(ownerContext, product, "team-owner");
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${product.url}/app/settings/members`);
    await ownerPage
      .getByText("Your Free plan allows 1 user, and this account has 1", { exact: false })
      .waitFor();
    expect(await ownerPage.getByRole("button", { name: "Send invitation" }).count()).toBe(0);
    await setPlan(product, owner.accountId, "business");
    await ownerPage.goto(`${product.url}/app`);
    await ownerPage
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Settings" })
      .click();
    await ownerPage
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Members" })
      .click();
    await ownerPage.getByRole("heading", { level: 1, name: "Members" }).waitFor();
    const email = uniqueEmail("viewer");
    await ownerPage.getByLabel("E-mail address").fill(email);
    await ownerPage.locator("#invite-role").selectOption("viewer");
    await ownerPage.getByRole("button", { name: "Send invitation" }).click();
    await ownerPage.getByRole("heading", { name: "Pending invitations" }).waitFor();
    expect(await ownerPage.locator(`[data-invitation="${email}"]`).textContent()).toContain(
      "Viewer",
    );

    const mail = await waitForMail(smtp, email);
    const link = /(https?:\/\/\S+\/app\/invitations\/[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    const target = new URL(String(link));

    const viewerContext = await browser.newContext();
    const page = await viewerContext.newPage();
    await page.goto(`${product.url}${target.pathname}`);
    await page.getByText(`${owner.email} invited ${email}`).waitFor();
    await page.getByLabel("Choose a password").fill(PASSWORD);
    await page.getByRole("button", { name: "Join the account" }).click();
    await page.waitForURL(`${product.url}/app`);
    await page.locator("header").getByText(email).waitFor();

    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${product.url}/app/settings/members`);
    const viewerTabs = page.getByRole("navigation", { name: "Settings sections" });
    await viewerTabs.getByRole("link", { name: "Security" }).waitFor();
    expect(await viewerTabs.getByRole("link").allTextContents()).toEqual([
      "Account",
      "Members",
      "Roles",
      "Security",
      "Single sign-on",
    ]);
    const ownerRow = page.locator(`[data-member="${owner.email}"]`);
    await ownerRow.waitFor();
    expect(await ownerRow.textContent()).toContain("Owner");
    expect(await page.locator(`[data-member="${email}"]`).textContent()).toContain("(you)");
    expect(await page.getByRole("button", { name: "Send invitation" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Remove" }).count()).toBe(0);
    // The screen does not ask for what the role may not read (a refusal the console would log).
    expect(asked).toContain("/api/v1/members");
    expect(asked).not.toContain("/api/v1/invitations");

    const refused = await viewerContext.request.get(`${product.url}/api/v1/invitations`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Your role \(Viewer\) does not allow you to .+; ask an owner or admin of the account\.$/,
    );

    await ownerPage.reload();
    const viewerRow = ownerPage.locator(`[data-member="${email}"]`);
    await viewerRow.waitFor();
    expect(await viewerRow.getByRole("combobox").inputValue()).toBe("viewer");
    await ownerPage.goto(`${product.url}/app/settings`);
    await ownerPage.getByRole("button", { name: "Create another account" }).click();
    await ownerPage.getByLabel("Account name").fill("Side project");
    await ownerPage.getByRole("button", { name: "Create account" }).click();
    const picker = ownerPage.getByRole("combobox", { name: "Account" });
    await picker.waitFor();
    expect(await picker.inputValue()).not.toBe(owner.accountId);
    const switched = ownerPage.waitForResponse((response) =>
      response.url().endsWith("/api/v1/auth/session/account"),
    );
    await picker.selectOption(owner.accountId);
    expect((await switched).status()).toBe(200);
    await ownerPage.waitForURL(`${product.url}/app`);
    // The page may already have been at /app: wait for the header to show the account.
    await expect
      .poll(() => ownerPage.getByRole("combobox", { name: "Account" }).inputValue())
      .toBe(owner.accountId);
    await ownerContext.close();
    await viewerContext.close();
  });
});

async function waitForMail(smtp: SmtpSink, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((item) => item.to && JSON.stringify(item.to).includes(to));
    if (mail) return mail.text ?? "";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail reached ${to}.`);
}
