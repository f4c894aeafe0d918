import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord } from "../../server/test/fake-discord.ts";
import type { FakeChatService } from "../../server/test/fake-json-webhook.ts";
import { startFakeMattermost } from "../../server/test/fake-mattermost.ts";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

describe("Discord and Mattermost channels in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let discord: FakeChatService;
  let mattermost: FakeChatService;

  beforeAll(async () => {
    [discord, mattermost] = await Promise.all([startFakeDiscord(), startFakeMattermost()]);
    [product, browser] = await Promise.all([
      // The fake services listen on loopback, which only this setting allows.
      startProduct({ ALLOW_PRIVATE_TARGETS: "true" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await discord?.close();
    await mattermost?.close();
  });

  it("offers Discord and Mattermost with their own webhook fields, adds each on Hobby and delivers its test", async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const account = await registerInContext(context, product, "chat");
    await setPlan(product, account.accountId, "hobby");
    const page = await context.newPage();
    const cases = [
      {
        type: "Discord",
        field: "Discord webhook URL",
        url: `${discord.url}/api/webhooks/1184392837465/Xy3_kP-q9`,
        service: discord,
      },
      {
        type: "Mattermost",
        field: "Mattermost incoming webhook URL",
        url: `${mattermost.url}/hooks/xr4ngcq8yjbm3pe1ztw6kd9s5a`,
        service: mattermost,
      },
    ];
    for (const { type, field, url, service } of cases) {
      await page.goto(`${product.url}/app/channels/new`);
      await page.getByRole("radio", { name: new RegExp(type) }).check();
      await page.getByLabel(field).fill(url);
      await page.getByRole("button", { name: "Add channel" }).click();
      await page.waitForURL(/\/app\/channels\/[^/]+$/);
      await page.getByRole("button", { name: "Send test" }).click();
      await page.locator(".app-test-result").getByText("Delivered").waitFor();
      expect(service.refused).toEqual([]);
      expect(JSON.stringify(service.taken.at(-1)?.body)).toContain(
        `This ${type} channel will receive Upwatch alerts.`,
      );
    }
    await context.close();
  }, 60_000);
});
