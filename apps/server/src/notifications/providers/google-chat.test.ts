import { describe, expect, it } from "vitest";
import { chatProviderTests } from "../../../test/chat-provider-tests.ts";
import { startFakeGoogleChat } from "../../../test/fake-google-chat.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  diskAlertMessage,
  MINUTE,
  OPENED,
  oversizedMessage,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import type { Delivery } from "../provider.ts";
import { GOOGLE_CHAT_MAX_BYTES, googleChatProvider } from "./google-chat.ts";

type Widget = {
  decoratedText?: { topLabel: string; text: string };
  textParagraph?: { text: string };
  buttonList?: { buttons: Array<{ text: string; onClick: { openLink: { url: string } } }> };
};
type Message = {
  text: string;
  cardsV2: Array<{
    cardId: string;
    card: { header: { title: string; subtitle?: string }; sections: Array<{ widgets: Widget[] }> };
  }>;
};

describe("Google Chat alerts", () => {
  const chat = chatProviderTests(googleChatProvider, startFakeGoogleChat);

  /** Sends through the provider as the worker does and returns the message the fake accepted. */
  const send = async (delivery: Delivery) => (await chat.deliver(delivery)) as Message;
  const card = (message: Message) => message.cardsV2[0]!.card;
  /** The card's widgets as lines: "Label: text", a paragraph's text, a button as "[text](url)". */
  const read = (message: Message) =>
    card(message).sections.flatMap((section) =>
      section.widgets.map((widget) => {
        if (widget.decoratedText) {
          return `${widget.decoratedText.topLabel}: ${widget.decoratedText.text}`;
        }
        if (widget.textParagraph) return widget.textParagraph.text;
        const button = widget.buttonList!.buttons[0]!;
        return `[${button.text}](${button.onClick.openLink.url})`;
      }),
    );

  it("posts a monitor going down as a line of text and a card with the severity in red, the check, the facts and a button to the alert", async () => {
    const url = chat.service.urlFor("working");
    const message = await send(deliveryTo(url, "monitor.down", checkoutMessage("monitor.down")));
    expect(message.text).toBe("CRITICAL: Checkout API - EU is down");
    expect(card(message).header).toEqual({
      title: "Checkout API - EU is down",
      subtitle: "Opened 09:14 UTC",
    });
    expect(read(message)).toEqual([
      'Severity: <font color="#d93025"><b>CRITICAL</b></font>',
      "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms",
      "Monitor: Checkout API - EU",
      "Target: https://api.example.com/health",
      "Check type: http",
      "Region: eu-west-1",
      "Problem: Expected status 200-299, got 503",
      "Status code: 503",
      "Response time: 1,240 ms",
      "Consecutive failures: 3",
      `[View alert](${ALERT_URL})`,
    ]);
    const request = chat.service.received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toMatch(/^application\/json/);
    expect(request.path).toMatch(/^\/v1\/spaces\/[\w-]{11}\/messages\?key=/);
  });

  it("numbers a repeat notification, and posts a recovery in green with how long it was down", async () => {
    const url = chat.service.urlFor("working");
    const repeat = await send(
      deliveryTo(
        url,
        "alert.escalated",
        checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
      ),
    );
    expect(repeat.text).toBe("CRITICAL: Checkout API - EU is still down (notification 4)");
    expect(card(repeat).header.subtitle).toBe("Opened 09:14 UTC");

    const up = await send(deliveryTo(url, "monitor.up", checkoutMessage("monitor.up")));
    expect(up.text).toBe("RESOLVED: Checkout API - EU is up");
    expect(card(up).header).toEqual({
      title: "Checkout API - EU is up",
      subtitle: "Down for 23 minutes",
    });
    expect(read(up)[0]).toBe('Status: <font color="#188038"><b>RESOLVED</b></font>');
    expect(read(up).at(-1)).toBe(`[View alert](${ALERT_URL})`);

    const byHand = await send(deliveryTo(url, "alert.resolved", checkoutMessage("alert.resolved")));
    expect(byHand.text).toBe("RESOLVED: The alert for Checkout API - EU was resolved by hand");
    expect(card(byHand).header.subtitle).toBe("Open for 23 minutes");
  });

  it("colours a certificate warning amber, and a test says where alerts will arrive", async () => {
    const url = chat.service.urlFor("working");
    const ssl = await send(deliveryTo(url, "ssl.expiring", checkoutMessage("ssl.expiring")));
    expect(ssl.text).toBe("WARNING: SSL certificate for shop.example.com expires in 14 days");
    expect(read(ssl)[0]).toBe('Severity: <font color="#e37400"><b>WARNING</b></font>');

    const test = await send(deliveryTo(url, "test", testMessage("Chat ops")));
    expect(test.text).toBe("TEST: Test notification for Chat ops");
    expect(card(test).header).toEqual({ title: "Test notification for Chat ops" });
    expect(read(test)).toEqual([
      'Status: <font color="#5f6368"><b>TEST</b></font>',
      "This Google Chat space will receive Upwatch alerts.",
    ]);
  });

  it("posts an agent's alert with its host, the measured value and the threshold", async () => {
    const message = await send(
      deliveryTo(chat.service.urlFor("working"), "agent.alert", diskAlertMessage()),
    );
    expect(message.text).toBe("WARNING: Disk / on db-primary has 12% free (under 15%)");
    expect(read(message)).toEqual([
      'Severity: <font color="#e37400"><b>WARNING</b></font>',
      "Agent: db-primary",
      "Host: db1.internal (linux)",
      "Problem: Disk / on db-primary has 12% free (under 15%).",
      "Measured: 12",
      "Threshold: 15",
      `[View alert](${ALERT_URL})`,
    ]);
  });

  it("escapes the alert's own words in the card and cuts very long ones with an ellipsis", async () => {
    const url = chat.service.urlFor("working");
    const message = await send(
      deliveryTo(
        url,
        "monitor.down",
        checkoutMessage("monitor.down", {
          name: "Shop <b>&</b> Cart",
          problem: `Body did not contain <title>. ${"💥".repeat(20_000)}`,
        }),
      ),
    );
    expect(read(message)).toContain("Monitor: Shop &lt;b&gt;&amp;&lt;/b&gt; Cart");
    const problem = read(message).find((line) => line.startsWith("Problem: "))!;
    expect(problem.startsWith("Problem: Body did not contain &lt;title&gt;. 💥")).toBe(true);
    expect(problem.endsWith("💥…")).toBe(true);
    expect(message.text).toBe("CRITICAL: Shop <b>&</b> Cart is down");

    const long = await send(
      deliveryTo(url, "monitor.down", checkoutMessage("monitor.down", { name: "Ü".repeat(5000) })),
    );
    expect(Array.from(long.text)).toHaveLength(4096);
    expect(long.text.endsWith("Ü…")).toBe(true);
    expect(Array.from(card(long).header.title)).toHaveLength(500);
  });

  it("cuts every part harder when a message would come near Google Chat's size limit", async () => {
    const url = chat.service.urlFor("working");
    const message = await send(deliveryTo(url, "monitor.down", oversizedMessage()));
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThanOrEqual(GOOGLE_CHAT_MAX_BYTES);
    expect(Array.from(message.text)).toHaveLength(500);
    expect(Array.from(card(message).header.title)).toHaveLength(200);
    const target = read(message).find((line) => line.startsWith("Target: "))!;
    expect(Array.from(target.slice("Target: ".length))).toHaveLength(100);
    expect(target.endsWith("💥…")).toBe(true);
  });

  it("explains each refusal of the webhook in a sentence", async () => {
    await expect(chat.attemptDown("rate-limited")).rejects.toMatchObject({
      message:
        "Google Chat is limiting how often this space's webhook posts and refused the message with 429 (RESOURCE_EXHAUSTED: Resource has been exhausted (e.g. check quota).); later messages go through once the rate drops.",
      timedOut: false,
    });
    await expect(chat.attemptDown("revoked")).rejects.toMatchObject({
      message:
        "Google Chat refused the webhook URL with 403 (PERMISSION_DENIED: The caller does not have permission): the webhook was deleted, or its key or token changed. Add a new webhook to the space and paste its URL.",
    });
    const wrongToken = chat.service.urlFor("working").replace(/token=[^&]+/, "token=forged");
    const forged = deliveryTo(wrongToken, "monitor.down", checkoutMessage("monitor.down"));
    await expect(chat.attempt(forged)).rejects.toMatchObject({
      message:
        "Google Chat refused the webhook URL with 401 (UNAUTHENTICATED: Request had invalid authentication credentials.): the webhook was deleted, or its key or token changed. Add a new webhook to the space and paste its URL.",
    });
  });

  chat.refusesPrivateAddresses();
});
