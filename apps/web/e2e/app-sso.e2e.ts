import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDns, type TestDns } from "../../server/test/domain-proofs.ts";
import { startOpenIdProvider, type TestOpenIdProvider } from "../../server/test/openid-provider.ts";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { PRIVATE_TARGETS } from "./support/product-and-browser.ts";
import { freePort, type RunningProduct, startProduct } from "./support/server.ts";

describe("single sign-on in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let provider: TestOpenIdProvider | undefined;
  let dns: TestDns;
  beforeAll(async () => {
    // The provider sends browsers back to the product's public address, which is where they are.
    const port = await freePort();
    dns = await startTestDns();
    [product, browser] = await Promise.all([
      startProduct({
        ...PRIVATE_TARGETS,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DNS_VERIFICATION_RESOLVER: dns.resolver,
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await provider?.close();
    await browser?.close();
    await product?.stop();
    await dns?.close();
  });

  it("lets the owner connect a provider and a person of the domain sign in through it as a member", async () => {
    // axe is injected as an inline script, which the product's CSP refuses otherwise.
    const ownerContext = await browser.newContext({ bypassCSP: true });
    ownerContext.setDefaultTimeout(10_000);
    const owner = await registerInContext(ownerContext, product, "sso-owner");
    await setPlan(product, owner.accountId, "enterprise");
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${product.url}/app/settings`);
    await ownerPage
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Single sign-on" })
      .click();
    await ownerPage.getByRole("heading", { level: 1, name: "Single sign-on" }).waitFor();

    // The owner registers the redirect URI the screen shows with their provider.
    const redirectUri = await ownerPage
      .getByRole("region", { name: "At your provider" })
      .locator("code")
      .textContent();
    expect(redirectUri).toBe(`${product.url}/api/v1/auth/sso/callback`);
    provider = await startOpenIdProvider(redirectUri ?? "");
    const domain = `acme-${Date.now().toString(36)}.example`;
    const person = {
      sub: "dana",
      email: `dana@${domain}`,
      password: "the provider's own password",
    };
    provider.addPerson(person);

    await ownerPage.getByLabel("Issuer URL").fill(provider.issuer);
    await ownerPage.getByLabel("Client id").fill(provider.clientId);
    await ownerPage.getByLabel("Client secret").fill(provider.clientSecret);
    await ownerPage.getByLabel("Mail domains").fill(domain);
    await ownerPage
      .getByLabel("Role of people joining through single sign-on")
      .selectOption("member");
    await ownerPage.getByRole("button", { name: "Save single sign-on" }).click();
    await ownerPage.getByText("Single sign-on is saved.").waitFor();
    await ownerPage.getByRole("heading", { name: "Your provider", exact: true }).waitFor();
    expect(await ownerPage.getByLabel("Client secret").inputValue()).toBe("");

    // The domain signs nobody in until the owner publishes its TXT record and verifies it.
    const proof = ownerPage.locator(`[data-domain-proof="${domain}"]`);
    await proof.getByText("Waiting for proof", { exact: false }).waitFor();
    const [name, value] = await proof
      .locator("code")
      .allTextContents()
      .then((codes) => codes.slice(1));
    expect(name).toBe(`_upwatch-verification.${domain}`);
    dns.publish({ name: name ?? "", value: value ?? "" });
    await proof.getByRole("button", { name: `Verify ${domain}` }).click();
    await ownerPage.getByText(`${domain} is verified.`).waitFor();
    await proof.getByText("Verified on", { exact: false }).waitFor();
    expect(await axeViolations(ownerPage)).toEqual([]);
    await ownerContext.close();

    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await page.getByRole("button", { name: "Sign in with SSO" }).click();
    await page.getByLabel("Work e-mail address").fill(person.email);
    await page.getByRole("button", { name: "Continue with SSO" }).click();

    // The provider's login page, with the address the app passed on already filled in.
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    expect(await page.getByLabel("Username").inputValue()).toBe(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await page.waitForURL(`${product.url}/app`);
    const header = page.getByRole("banner");
    await header.getByText(person.email, { exact: true }).waitFor();
    await header.getByText("Member", { exact: true }).waitFor();
    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Monitors" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Monitors" }).waitFor();
    expect(await page.getByRole("link", { name: "Add monitor" }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
