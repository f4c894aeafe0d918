import { describe, expect, it } from "vitest";
import { chatProviderTests } from "../../../test/chat-provider-tests.ts";
import { startFakeTeamsWorkflows } from "../../../test/fake-teams-workflows.ts";
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
import { microsoftTeamsProvider, TEAMS_MAX_BYTES } from "./microsoft-teams.ts";

type Card = {
  body: Array<{
    type: string;
    text?: string;
    style?: string;
    items?: Card["body"];
    facts?: Fact[];
  }>;
  actions: Array<{ type: string; title: string; url: string }>;
  version: string;
};
type Fact = { title: string; value: string };

describe("Microsoft Teams alerts", () => {
  const teams = chatProviderTests(microsoftTeamsProvider, startFakeTeamsWorkflows);

  /** Sends through the provider as the worker does and returns the card the fake accepted. */
  const send = async (delivery: Delivery): Promise<Card> => {
    const message = (await teams.deliver(delivery)) as { attachments: Array<{ content: Card }> };
    return message.attachments[0]!.content;
  };
  /** The card's words from top to bottom, facts as "Title: value". */
  const read = (card: Card) => {
    const lines: string[] = [];
    const walk = (elements: Card["body"]) => {
      for (const element of elements) {
        if (element.text !== undefined) lines.push(element.text);
        if (element.items) walk(element.items);
        for (const fact of element.facts ?? []) lines.push(`${fact.title}: ${fact.value}`);
      }
    };
    walk(card.body);
    return lines;
  };
  const band = (card: Card) => card.body[0]!.style;

  it("posts a monitor going down as a red card with the check, the facts, the time it opened and a button to the alert", async () => {
    const url = teams.service.urlFor("working");
    const card = await send(deliveryTo(url, "monitor.down", checkoutMessage("monitor.down")));
    expect(card.version).toBe("1.4");
    expect(band(card)).toBe("attention");
    expect(read(card)).toEqual([
      "CRITICAL",
      "Checkout API - EU is down",
      "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms",
      "Monitor: Checkout API - EU",
      "Target: https://api.example.com/health",
      "Check type: http",
      "Region: eu-west-1",
      "Problem: Expected status 200-299, got 503",
      "Status code: 503",
      "Response time: 1,240 ms",
      "Consecutive failures: 3",
      "Opened 09:14 UTC",
    ]);
    expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "View alert", url: ALERT_URL }]);
    const [request] = teams.service.received.filter((r) =>
      url.endsWith(r.path.split("?")[1] ?? "-"),
    );
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("numbers a repeat notification, and posts a recovery as a green card with how long it was down", async () => {
    const url = teams.service.urlFor("working");
    const repeat = await send(
      deliveryTo(
        url,
        "alert.escalated",
        checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
      ),
    );
    expect(read(repeat).slice(0, 2)).toEqual([
      "CRITICAL",
      "Checkout API - EU is still down (notification 4)",
    ]);
    expect(read(repeat).at(-1)).toBe("Opened 09:14 UTC");

    const up = await send(deliveryTo(url, "monitor.up", checkoutMessage("monitor.up")));
    expect(band(up)).toBe("good");
    expect(read(up).slice(0, 2)).toEqual(["RESOLVED", "Checkout API - EU is up"]);
    expect(read(up).at(-1)).toBe("Down for 23 minutes");
    expect(up.actions[0]?.url).toBe(ALERT_URL);

    const byHand = await send(deliveryTo(url, "alert.resolved", checkoutMessage("alert.resolved")));
    expect(read(byHand)[1]).toBe("The alert for Checkout API - EU was resolved by hand");
    expect(read(byHand).at(-1)).toBe("Open for 23 minutes");
  });

  it("colours a certificate warning amber and a test grey, the test saying where alerts will arrive", async () => {
    const url = teams.service.urlFor("working");
    const ssl = await send(deliveryTo(url, "ssl.expiring", checkoutMessage("ssl.expiring")));
    expect(band(ssl)).toBe("warning");
    expect(read(ssl).slice(0, 2)).toEqual([
      "WARNING",
      "SSL certificate for shop.example.com expires in 14 days",
    ]);

    const test = await send(deliveryTo(url, "test", testMessage("Teams #ops")));
    expect(band(test)).toBe("emphasis");
    expect(read(test)).toEqual([
      "TEST",
      "Test notification for Teams #ops",
      "This Microsoft Teams channel will receive Upwatch alerts.",
    ]);
    expect(test.actions).toEqual([]);
  });

  it("posts an agent's alert with its host, the measured value and the threshold", async () => {
    const card = await send(
      deliveryTo(teams.service.urlFor("working"), "agent.alert", diskAlertMessage()),
    );
    expect(band(card)).toBe("warning");
    expect(read(card)).toEqual([
      "WARNING",
      "Disk / on db-primary has 12% free (under 15%)",
      "Agent: db-primary",
      "Host: db1.internal (linux)",
      "Problem: Disk / on db-primary has 12% free (under 15%).",
      "Measured: 12",
      "Threshold: 15",
      "Opened 09:14 UTC",
    ]);
  });

  it("cuts a very long name and problem with an ellipsis, keeping the message under Teams' 28 KB", async () => {
    const url = teams.service.urlFor("working");
    const card = await send(
      deliveryTo(
        url,
        "monitor.down",
        checkoutMessage("monitor.down", { name: "Ü".repeat(3000), problem: "💥".repeat(20_000) }),
      ),
    );
    const title = read(card)[1]!;
    expect(Array.from(title)).toHaveLength(500);
    expect(title.endsWith("Ü…")).toBe(true);
    const problem = read(card).find((line) => line.startsWith("Problem: "))!;
    expect(Array.from(problem.slice("Problem: ".length))).toHaveLength(500);
    expect(problem.endsWith("💥…")).toBe(true);
  });

  it("cuts every part harder when a card would come near Teams' size limit", async () => {
    const url = teams.service.urlFor("working");
    const card = await send(deliveryTo(url, "monitor.down", oversizedMessage()));
    expect(Buffer.byteLength(JSON.stringify(teams.service.accepted.at(-1)))).toBeLessThanOrEqual(
      TEAMS_MAX_BYTES,
    );
    const lines = read(card);
    expect(Array.from(lines[1]!)).toHaveLength(200);
    const target = lines.find((line) => line.startsWith("Target: "))!;
    expect(Array.from(target.slice("Target: ".length))).toHaveLength(100);
    expect(target.endsWith("💥…")).toBe(true);
  });

  it("explains each refusal of the workflow in a sentence", async () => {
    await expect(teams.attemptDown("throttled")).rejects.toMatchObject({
      message:
        "Microsoft Teams is limiting how often this workflow runs and refused the message with 429 (WorkflowTriggerIsThrottled: The workflow trigger is throttled; retry after 30 seconds.); later messages go through once the rate drops.",
      timedOut: false,
    });
    await expect(teams.attemptDown("unauthorized")).rejects.toMatchObject({
      message:
        "Microsoft Teams refused the workflow URL with 401 (DirectApiAuthorizationRequired: The request must be authenticated.): the workflow's trigger must allow anyone to trigger the flow, or the URL's signature is no longer valid.",
    });
    await expect(teams.attemptDown("deleted")).rejects.toMatchObject({
      message: expect.stringMatching(
        /^Microsoft Teams answered 404 \(WorkflowNotFound: The workflow '[0-9a-f]{32}' could not be found\.\): the workflow was deleted or turned off\. Create a new one and paste its URL\.$/,
      ),
    });
  });

  teams.refusesPrivateAddresses();
});
