import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEnv, startFakeStripe } from "../../server/test/billing.ts";
import type { FakeStripe } from "../../server/test/fake-stripe/fake-stripe.ts";
import { registerAccount } from "./support/app-account.ts";
import { PASSWORD, uniqueEmail } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { freePort, type RunningProduct, startProduct } from "./support/server.ts";

describe("buying, changing and refunding a plan through Stripe", () => {
  let fake: FakeStripe;
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    ({ fake } = await startFakeStripe());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    [product, browser] = await Promise.all([
      startProduct({
        ...billingEnv(fake),
        PORT: String(port),
        PUBLIC_URL: url,
        RUN_CHECKS: "false",
      }),
      launchBrowser(),
    ]);
    fake.webhookUrl = `${product.url}/api/v1/billing/webhook`;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await fake?.close();
  });

  it("takes a visitor from the pricing page to Hobby yearly, extra monitors, Free and a refund", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();

    await page.goto(`${product.url}/knowledge-base/pricing`);
    await page.getByRole("link", { name: "Choose Hobby, billed yearly" }).click();
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    await page.getByLabel("E-mail address").fill(uniqueEmail("billing"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();

    await page.getByRole("heading", { name: "Pay" }).waitFor();
    await page.getByText("upwatch_hobby_yearly").waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page
      .getByText("Payment received; your plan changes as soon as Stripe confirms it.")
      .waitFor();
    await fake.deliverPending();

    const plan = page.locator("#plan");
    await plan.getByRole("heading", { name: "Plan: Hobby" }).waitFor();
    await plan.getByText("Every minute").waitFor();
    await plan.getByRole("definition").getByText("Yearly", { exact: true }).waitFor();
    await plan.getByRole("definition").getByText("Active", { exact: true }).waitFor();

    await plan.getByLabel("Extra monitors").fill("2");
    await plan.getByRole("button", { name: "Review the change" }).click();
    const change = page.getByRole("dialog", { name: "Confirm the change" });
    await change.getByText("Your subscription will have 2 extra monitors.").waitFor();
    await change.getByText("Due now").waitFor();
    await change.getByRole("button", { name: "Confirm change" }).click();
    await change.waitFor({ state: "hidden" });
    await fake.deliverPending();
    await plan.getByText("2 extra monitors, 0 extra agents").waitFor();
    await page.reload();
    await plan.getByText("0 of 12").waitFor();

    await plan.getByRole("button", { name: "Cancel the subscription" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel at the end of the period?" });
    await cancel.getByRole("button", { name: "Cancel at period end" }).click();
    await cancel.waitFor({ state: "hidden" });
    await plan.getByText("Cancelling: Hobby ends on", { exact: false }).waitFor();
    await plan.getByRole("button", { name: "Undo" }).waitFor();

    await plan.getByRole("button", { name: "Ask for a refund" }).click();
    const refund = page.getByRole("dialog", { name: "Refund the first payment?" });
    await refund.getByRole("button", { name: "Refund and move to Free" }).click();
    await refund.waitFor({ state: "hidden" });
    await fake.deliverPending();
    await plan.getByRole("heading", { name: "Plan: Free" }).waitFor();
    await plan.getByRole("definition").getByText("No subscription", { exact: true }).waitFor();
    await context.close();
  });

  it("buys Business monthly from Account Settings and, after a failed renewal, shows the banner with the card's portal, accessible and 360 px wide without scrolling sideways", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(15_000);
    await registerAccount(context, product);
    const page = await context.newPage();
    await page.goto(`${product.url}/app/settings`);
    const plan = page.locator("#plan");
    await plan.getByRole("definition").getByText("No subscription", { exact: true }).waitFor();
    await plan.getByRole("radio", { name: "Monthly" }).check();
    await plan.getByText("$24.00 a month").waitFor();
    await plan.getByRole("button", { name: "Choose Business, billed monthly" }).click();
    await page.getByText("upwatch_business_monthly").waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page
      .getByText("Payment received; your plan changes as soon as Stripe confirms it.")
      .waitFor();
    await fake.deliverPending();
    await plan.getByRole("heading", { name: "Plan: Business" }).waitFor();

    const paid = fake.lastEvent("checkout.session.completed").data.object;
    fake.endPeriod(String(paid.subscription), { paid: false });
    await fake.deliverPending();
    await page.reload();
    const banner = page.getByRole("region", { name: "Payment failed" });
    await banner
      .getByText("Your last payment failed. Update your card by", { exact: false })
      .waitFor();
    await banner.getByText("to keep Business.", { exact: false }).waitFor();
    await banner.getByRole("button", { name: "Update card" }).waitFor();
    await plan.getByRole("button", { name: "Fix the card" }).waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
    await context.close();
  });
});
