import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAT_CHANNEL_TYPES,
  type ChatChannelType,
  startChatFakes,
} from "../../server/test/chat-channel-types.ts";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import {
  PRIVATE_TARGETS,
  type ProductAndBrowser,
  withProductAndBrowser,
} from "./support/product-and-browser.ts";

/** The label of each type's own webhook field in the channel form. */
const FIELD: Record<ChatChannelType["type"], string> = {
  discord: "Discord webhook URL",
  mattermost: "Mattermost incoming webhook URL",
  "microsoft-teams": "Teams Workflows webhook URL",
  "google-chat": "Google Chat webhook URL",
};

describe("Chat channels in the app", () => {
  let running: ProductAndBrowser;
  let fakes: Awaited<ReturnType<typeof startChatFakes>>;

  beforeAll(async () => {
    fakes = await startChatFakes();
  });
  // The fake services listen on loopback, which only this setting allows.
  withProductAndBrowser((started) => {
    running = started;
  }, PRIVATE_TARGETS);
  afterAll(async () => {
    await Promise.all(Object.values(fakes ?? {}).map((fake) => fake.close()));
  });

  it("offers Discord, Mattermost, Microsoft Teams and Google Chat with their own webhook fields, adds each on Hobby and delivers its test", async () => {
    const { product, browser } = running;
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const account = await registerInContext(context, product, "chat");
    await setPlan(product, account.accountId, "hobby");
    const page = await context.newPage();
    for (const chat of CHAT_CHANNEL_TYPES) {
      const fake = fakes[chat.type];
      await page.goto(`${product.url}/app/channels/new`);
      await page.getByRole("radio", { name: new RegExp(chat.label) }).check();
      await page.getByLabel(FIELD[chat.type]).fill(fake.urlFor("working"));
      await page.getByRole("button", { name: "Add channel" }).click();
      await page.waitForURL(/\/app\/channels\/[^/]+$/);
      await page.getByRole("button", { name: "Send test" }).click();
      await page.locator(".app-test-result").getByText("Delivered").waitFor();
      expect(fake.accepted).toHaveLength(1);
      expect(JSON.stringify(fake.accepted[0])).toContain(chat.testSays);
    }
    await context.close();
  }, 90_000);
});
