import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan } from "./support/app-accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type HttpTarget, startHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";
import { hasValidSignature, startWebhookReceiver } from "./support/webhook-receiver.ts";

/** "Check now" is refused within 5 seconds of the monitor's last check. */
async function waitOutCheckGap(page: Page): Promise<void> {
  const last = await page.locator(".checks-table tbody tr time").first().getAttribute("datetime");
  const wait = Date.parse(String(last)) + 5_500 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Presses "Check now". A scheduled check can land just before it, and then the server asks to
 * wait a few seconds (shown on the page); a person would press again, and so does the test.
 */
async function checkNow(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await waitOutCheckGap(page);
    const answer = page.waitForResponse((response) => response.url().endsWith("/check"));
    await page.getByRole("button", { name: "Check now" }).click();
    const response = await answer;
    if (response.status() === 200) return;
    expect(response.status()).toBe(429);
    await page.getByText("This monitor was checked a moment ago; wait a few seconds.").waitFor();
  }
  throw new Error("Check now was refused three times.");
}

describe("the journey from the home page to an alert that resolves", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    [product, browser, site, receiver] = await Promise.all([
      // The site and the receiver listen on loopback, which only this setting allows.
      startProduct({ ALLOW_PRIVATE_TARGETS: "true" }),
      launchBrowser(),
      startHttpTarget(),
      startWebhookReceiver(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await site?.stop();
    await receiver?.close();
  });

  it("registers from Get Started, adds a webhook once the plan allows it, watches a monitor go down live with a signed webhook, acknowledges the alert and sees it resolve", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { policyViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${location.pathname} ${event.violatedDirective} ${event.sourceFile}`);
      });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const violations = async () =>
      page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);

    // Get Started on the home page leads to registration; the new account lands on its monitors.
    await page.goto(product.url);
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await page.getByRole("heading", { name: /Create your account/i }).waitFor();
    await page.getByLabel("E-mail address").fill("journey@example.com");
    await page.getByLabel("Password").fill("correct horse battery staple");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Add your first monitor" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app");
    expect(await violations()).toEqual([]);

    // A webhook channel: the Free plan's refusal inline, then the operator raises the plan.
    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Channels" })
      .click();
    await page.getByRole("link", { name: "Add channel" }).click();
    await page.getByRole("radio", { name: /Webhook/ }).check();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByRole("button", { name: "Add channel" }).click();
    await page
      .getByText(
        "Webhook alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.",
      )
      .waitFor();
    // The app is on the configured public address, which may name the host differently.
    const app = new URL(page.url()).origin;
    const session = await (await context.request.get(`${app}/api/v1/auth/session`)).json();
    await setPlan(product, session.account.id, "hobby");
    await page.getByRole("button", { name: "Add channel" }).click();
    const secretPanel = page.getByRole("region", { name: /Its signing secret/ });
    const signingSecret = String(await secretPanel.locator("code").textContent());
    expect(signingSecret).toMatch(/^whsec_/);
    await secretPanel.getByRole("button", { name: "I have stored the secret: continue" }).click();
    await page.waitForURL(/\/app\/channels\/[^/]+$/);

    // An HTTP monitor of the local site, down after one failed check, alerting the webhook.
    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Monitors" })
      .click();
    await page.getByRole("link", { name: "Add your first monitor" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Shop");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/`);
    await page.getByLabel("Check every").selectOption({ label: "30 seconds" });
    await page.getByText(/^The Hobby plan checks at most every minute/).waitFor();
    await page.getByLabel("Check every").selectOption({ label: "1 minute" });
    await page.getByLabel("Failure threshold").fill("1");
    const webhook = page.getByRole("checkbox", { name: /Webhook/ });
    expect(await webhook.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Create monitor" }).click();
    await page.getByRole("heading", { name: /Shop/ }).waitFor();
    const status = page.locator(".monitor-title .status-badge");
    await status.filter({ hasText: "Up" }).waitFor();
    await page.locator(".live-indicator", { hasText: "Live" }).waitFor();

    // The site stops; "Check now" finds it down, and the alert opens on the page by itself.
    await site.stop();
    await checkNow(page);
    await status.filter({ hasText: "Down" }).waitFor();
    const alert = page.locator(".alert-item");
    await alert.locator(".alert-state", { hasText: "Open" }).waitFor();
    expect(await alert.locator(".severity").textContent()).toBe("Critical");
    const down = await receiver.next("monitor.down");
    expect(hasValidSignature(down, signingSecret)).toBe(true);
    expect(JSON.parse(down.body).monitor.name).toBe("Shop");

    // Acknowledged, it stays open and quiet; the site comes back and the alert resolves.
    await alert.getByRole("button", { name: "Acknowledge" }).click();
    await alert.locator(".alert-state", { hasText: "Acknowledged" }).waitFor();
    await site.start();
    await checkNow(page);
    await status.filter({ hasText: "Up" }).waitFor();
    await alert.locator(".alert-state", { hasText: "Resolved" }).waitFor();
    expect(await alert.textContent()).toContain("the monitor recovered");
    const up = await receiver.next("monitor.up");
    expect(hasValidSignature(up, signingSecret)).toBe(true);

    await page
      .getByRole("navigation", { name: "App" })
      .getByRole("link", { name: "Alerts" })
      .click();
    await page.getByRole("heading", { name: /No active alerts/ }).waitFor();
    await page.getByRole("link", { name: "Resolved" }).click();
    await page.locator(".alert-item", { hasText: "Shop" }).waitFor();
    const unexpected = errors.filter((line) => !/status of (400|401|403|429)/.test(line));
    expect(unexpected, "console errors").toEqual([]);
    expect(await violations(), "policy violations").toEqual([]);
    await context.close();
  }, 120_000);
});
