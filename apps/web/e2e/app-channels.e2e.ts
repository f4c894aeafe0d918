import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerInContext, setPlan } from "./support/app-accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { addEarlierTestAttempts } from "./support/delivery-log-rows.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe("alert channels in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/upwatch`;
    [product, browser] = await Promise.all([
      // The test's webhook receiver listens on loopback, which only this setting allows.
      startProduct({ ALLOW_PRIVATE_TARGETS: "true" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    return context;
  }

  it("refuses a webhook on Free with the plan's reason inline, then adds it once the plan is raised, tests it and logs the test", async () => {
    const context = await newContext();
    const account = await registerInContext(context, product, "webhook");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/channels`);
    // A new account starts with one channel: e-mail to its owner, used by new monitors.
    const first = page.getByRole("row", { name: new RegExp(account.email) });
    await first.waitFor();
    expect(await first.textContent()).toContain("E-mail");
    expect(await first.textContent()).toContain("Added");

    const session = await (await context.request.get(`${product.url}/api/v1/auth/session`)).json();
    const channels = await (await context.request.get(`${product.url}/api/v1/channels`)).json();
    for (const channel of channels.data) {
      await context.request.delete(`${product.url}/api/v1/channels/${channel.id}`, {
        headers: { "x-csrf-token": session.csrf_token },
      });
    }
    await page.reload();
    await page.getByRole("heading", { name: "No alert channels yet" }).waitFor();
    await page.getByRole("link", { name: "Add channel" }).click();
    await page.waitForURL(`${product.url}/app/channels/new`);

    await page.getByRole("radio", { name: /Webhook/ }).check();
    await page.getByLabel("Endpoint URL").fill(receiverUrl);
    await page.getByRole("button", { name: "Add channel" }).click();
    const refusal = page.getByText(
      "Webhook alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.",
    );
    await refusal.waitFor();
    expect(page.url()).toBe(`${product.url}/app/channels/new`);

    await setPlan(product, account.accountId, "hobby");
    await page.getByRole("button", { name: "Add channel" }).click();
    const secret = page.getByRole("region", { name: /Its signing secret/ });
    await secret.waitFor();
    const signingSecret = String(await secret.locator("code").textContent());
    expect(signingSecret).toMatch(/^whsec_/);
    await secret.getByRole("button", { name: "I have stored the secret: continue" }).click();
    await page.waitForURL(/\/app\/channels\/[^/]+$/);
    await page.getByRole("heading", { name: "Nothing delivered yet" }).waitFor();
    expect(await page.content()).not.toContain(signingSecret);

    await page.getByRole("button", { name: "Send test" }).click();
    const result = page.locator(".app-test-result");
    await result.getByText("Delivered").waitFor();
    expect(await result.textContent()).toMatch(/in \d+ ms/);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]?.body ?? "{}").event).toBe("test");

    const log = page.getByRole("table", { name: "Delivery attempts" });
    await log.waitFor();
    const row = log.getByRole("row", { name: /Test/ });
    expect(await row.textContent()).toContain("Delivered");
    expect(await row.textContent()).toMatch(/\d+ ms/);

    // Twenty earlier attempts: the log shows twenty attempts a page, newest first.
    const channelId = page.url().split("/").at(-1) ?? "";
    addEarlierTestAttempts(product, account.accountId, channelId, 20);
    await page.reload();
    await log.waitFor();
    expect(await log.getByRole("row").count()).toBe(21);
    const pager = page.getByRole("navigation", { name: "Delivery log pages" });
    await pager.getByRole("button", { name: "Older" }).click();
    await pager.getByText("Page 2").waitFor();
    // The page number may show before the older attempts have replaced the newer ones.
    await expect.poll(() => log.getByRole("row").count()).toBe(2);
    expect(await pager.getByRole("button", { name: "Older" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Newer" }).click();
    await pager.getByText("Page 1").waitFor();
    await expect.poll(() => log.getByRole("row").count()).toBe(21);
    await context.close();
  }, 60_000);

  it("adds an e-mail channel on Free, attaches it to a monitor, edits and deletes it", async () => {
    const context = await newContext();
    await registerInContext(context, product, "email");
    const session = await (await context.request.get(`${product.url}/api/v1/auth/session`)).json();
    const monitor = await context.request.post(`${product.url}/api/v1/monitors`, {
      headers: { "x-csrf-token": session.csrf_token },
      data: { type: "http", name: "Shop", target: receiverUrl, interval_seconds: 300 },
    });
    expect(monitor.status()).toBe(201);

    const page = await context.newPage();
    await page.goto(`${product.url}/app/channels/new`);
    await page.getByRole("button", { name: "Add channel" }).click();
    await page.getByText("Enter the e-mail address alerts go to.").waitFor();
    await page.getByLabel("E-mail address").fill("oncall@example.com");
    await page.getByRole("checkbox", { name: /Shop/ }).check();
    await page.getByRole("button", { name: "Add channel" }).click();
    await page.waitForURL(/\/app\/channels\/[^/]+$/);
    await page.getByRole("heading", { level: 1, name: "oncall@example.com" }).waitFor();
    expect(await page.getByText("1 monitor", { exact: true }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Shop" }).waitFor();

    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Name").fill("On-call team");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { level: 1, name: "On-call team" }).waitFor();

    await page.getByRole("link", { name: "Back to channels" }).click();
    const row = page.getByRole("row", { name: /On-call team/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("E-mail");
    expect(await row.textContent()).toContain("oncall@example.com");
    expect(await row.textContent()).toContain("1 monitor");

    await row.getByRole("link", { name: "On-call team" }).click();
    await page.getByRole("button", { name: "Delete channel" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete channel" }).click();
    await page.waitForURL(`${product.url}/app/channels`);
    await page.getByText("On-call team is deleted.").waitFor();
    await page.getByRole("table", { name: "Alert channels" }).waitFor();
    expect(await page.getByRole("row", { name: /On-call team/ }).count()).toBe(0);
    await context.close();
  });

  it("shows an e-mail channel to someone else's address as waiting for confirmation, and mails the link again on request", async () => {
    const context = await newContext();
    await registerInContext(context, product, "confirm");
    const page = await context.newPage();
    await page.goto(`${product.url}/app/channels/new`);
    await page.getByLabel("E-mail address").fill("colleague@example.net");
    await page
      .getByText("An address outside your account receives nothing until its recipient confirms it")
      .waitFor();
    await page.getByRole("button", { name: "Add channel" }).click();
    await page.waitForURL(/\/app\/channels\/[^/]+$/);
    const waiting = page.getByRole("region", { name: "Waiting for confirmation" });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain("colleague@example.net");
    expect(await page.getByRole("button", { name: "Send test" }).count()).toBe(0);
    const log = page.getByRole("region", { name: "Delivery log" });
    await log.getByText("alerts meant for it are listed here as not sent").waitFor();
    expect(await log.textContent()).not.toContain("Send a test");
    // The status badge stays inside its tile.
    const badge = await page.locator(".app-facts .app-tag").boundingBox();
    const tile = await page
      .locator(".app-facts div", { has: page.locator(".app-tag") })
      .boundingBox();
    expect(badge && tile && badge.x + badge.width <= tile.x + tile.width).toBe(true);

    await waiting.getByRole("button", { name: "Resend confirmation" }).click();
    await waiting
      .getByText("A confirmation mail went to this address a moment ago; wait 10 minutes", {
        exact: false,
      })
      .waitFor();

    await page.getByRole("link", { name: "Back to channels" }).click();
    const row = page.getByRole("row", { name: /colleague@example\.net/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("Waiting for confirmation");
    const own = page.getByRole("row", { name: /confirm-/ });
    expect(await own.textContent()).not.toContain("Waiting for confirmation");
    await context.close();
  });
});
