import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatWebhooks,
  startFakeGoogleChat,
  startFakeTeamsWorkflows,
} from "../../server/test/fake-chat-webhooks.ts";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

describe("Microsoft Teams and Google Chat channels in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let teams: FakeChatWebhooks<"working">;
  let chat: FakeChatWebhooks<"working">;

  beforeAll(async () => {
    [teams, chat] = await Promise.all([startFakeTeamsWorkflows(), startFakeGoogleChat()]);
    [product, browser] = await Promise.all([
      // The fake services listen on loopback, which only this setting allows.
      startProduct({ ALLOW_PRIVATE_TARGETS: "true" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await teams?.close();
    await chat?.close();
  });

  it("offers Microsoft Teams and Google Chat with their webhook fields, adds each on Hobby and delivers its test", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const account = await registerInContext(context, product, "teams-chat");
    await setPlan(product, account.accountId, "hobby");
    const page = await context.newPage();
    const cases = [
      {
        type: "Microsoft Teams",
        field: "Teams Workflows webhook URL",
        service: teams,
        place: "This Microsoft Teams channel will receive Upwatch alerts.",
      },
      {
        type: "Google Chat",
        field: "Google Chat webhook URL",
        service: chat,
        place: "This Google Chat space will receive Upwatch alerts.",
      },
    ];
    for (const { type, field, service, place } of cases) {
      await page.goto(`${product.url}/app/channels/new`);
      await page.getByRole("radio", { name: new RegExp(type) }).check();
      await page.getByLabel(field).fill(service.urlFor("working"));
      await page.getByRole("button", { name: "Add channel" }).click();
      await page.waitForURL(/\/app\/channels\/[^/]+$/);
      await page.getByRole("button", { name: "Send test" }).click();
      await page.locator(".app-test-result").getByText("Delivered").waitFor();
      expect(service.accepted).toHaveLength(1);
      expect(JSON.stringify(service.accepted[0])).toContain(place);
    }
    await context.close();
  }, 60_000);
});
