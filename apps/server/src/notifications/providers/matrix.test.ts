import type { NetworkAccess } from "@upwatch/checks";
import { describe, expect, it } from "vitest";
import {
  MATRIX_EVENT_LIMIT,
  type MatrixTokenKind,
  startFakeMatrix,
} from "../../../test/fake-matrix.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "../../../test/provider-tests.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  MINUTE,
  OPENED,
  oversizedMessage,
  providerDeps,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import { sendThrough } from "../notification-worker.ts";
import type { Delivery } from "../provider.ts";
import { matrixProvider } from "./matrix.ts";

describe("Matrix alerts", () => {
  let sent = 0;
  const matrix = fakeForFile(startFakeMatrix);

  const settings = (token: MatrixTokenKind = "working", room = matrix.joinedRoom()) => ({
    homeserver: `${matrix.url}/`,
    room_id: room,
    access_token: matrix.tokenFor(token),
  });
  const attempt = (delivery: Delivery, network?: NetworkAccess) =>
    sendThrough(matrixProvider, delivery, providerDeps(network));
  /** One delivery with its own notification id, as each notification has. */
  const delivery = (
    config: Record<string, string>,
    event: Delivery["event"],
    message: Delivery["message"],
  ): Delivery => {
    sent += 1;
    return { ...deliveryTo(config, event, message), id: `msg_${sent}` };
  };
  const down = (token: MatrixTokenKind, room?: string) =>
    delivery(settings(token, room), "monitor.down", checkoutMessage("monitor.down"));
  /** Sends as the worker does, expects it delivered, and returns the message the room got. */
  const send = (event: Delivery["event"], message: Delivery["message"]) =>
    deliverOne(matrix, () => attempt(delivery(settings(), event, message)));

  it("posts a monitor going down into the room as text and as HTML with a link to the alert", async () => {
    const { content } = await send("monitor.down", checkoutMessage("monitor.down"));
    expect(content).toEqual({
      msgtype: "m.text",
      body: `🔴 CRITICAL: Checkout API - EU is down\nHTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\nOpened 09:14 UTC\nView alert: ${ALERT_URL}`,
      format: "org.matrix.custom.html",
      formatted_body: `<b>🔴 CRITICAL: Checkout API - EU is down</b><br>HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms<br>Opened 09:14 UTC<br><a href="${ALERT_URL}">View alert</a>`,
    });
  });

  it("numbers an escalation, and sends the recovery with how long it was down", async () => {
    const escalated = await send(
      "alert.escalated",
      checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(String(escalated.content.body).split("\n")[0]).toBe(
      "🔴 CRITICAL: Checkout API - EU is still down (notification 4)",
    );
    const up = await send("monitor.up", checkoutMessage("monitor.up"));
    expect(up.content.body).toBe(
      `✅ RESOLVED: Checkout API - EU is up\nDown for 23 minutes\nView alert: ${ALERT_URL}`,
    );
  });

  it("sends a test that says the room will receive alerts", async () => {
    const { content } = await send("test", testMessage("Matrix #ops"));
    expect(content.body).toBe(
      "🔵 TEST: Test notification for Matrix #ops\nThis Matrix room will receive Upwatch alerts.",
    );
  });

  it("shows a name holding HTML as written in the formatted message", async () => {
    const named = checkoutMessage("monitor.down", { name: "<script>x</script> & Co" });
    const { content } = await send("monitor.down", named);
    expect(String(content.formatted_body)).toContain(
      "<b>🔴 CRITICAL: &lt;script&gt;x&lt;/script&gt; &amp; Co is down</b>",
    );
    expect(String(content.body)).toContain("CRITICAL: <script>x</script> & Co is down");
  });

  it("keeps a message whose facts run to thousands of characters far under the event size limit", async () => {
    const { content } = await send("monitor.down", oversizedMessage());
    expect(Buffer.byteLength(JSON.stringify(content))).toBeLessThan(MATRIX_EVENT_LIMIT / 2);
    expect(String(content.body).split("\n")[0]?.endsWith("💥…")).toBe(true);
  });

  it("sends each notification under its own transaction id, so that a repeated attempt posts once", async () => {
    const config = settings();
    const first = delivery(config, "monitor.down", checkoutMessage("monitor.down"));
    const second = delivery(config, "monitor.up", checkoutMessage("monitor.up"));
    const before = matrix.accepted.length;
    await attempt(first);
    await attempt(second);
    expect(matrix.accepted.slice(before).map((message) => message.txnId)).toEqual([
      first.id,
      second.id,
    ]);
    const repeats = matrix.repeats;
    expect(await attempt(first)).toEqual({ kind: "delivered" });
    expect(matrix.accepted).toHaveLength(before + 2);
    expect(matrix.repeats).toBe(repeats + 1);
  });

  it("explains each of the homeserver's refusals in a sentence that says what to do", async () => {
    await expect(attempt(down("rate-limited"))).rejects.toThrow(
      "The Matrix homeserver limited the rate of messages from the bot user (429) and asked to wait 3 s.",
    );
    await expect(attempt(down("failing"))).rejects.toThrow(
      "The Matrix homeserver answered 500 (M_UNKNOWN: Internal server error).",
    );
    await expect(attempt(down("signed-out"))).rejects.toThrow(
      "The Matrix homeserver answered 401 (M_UNKNOWN_TOKEN: Invalid access token passed). The access token is wrong or its session was signed out: sign in as the bot user, copy a new access token and paste it into this channel.",
    );
    await expect(attempt(down("working", matrix.strangerRoom))).rejects.toThrow(
      `The Matrix homeserver answered 403 (M_FORBIDDEN: User @upwatch:example.org not in room ${matrix.strangerRoom}). The bot user is not in the room or may not post there: invite it, join the room as the bot, then send a test.`,
    );
  });

  refusesPrivateAddresses(
    "refuses to send to a homeserver at a private address unless the operator allows it, sending nothing",
    matrix,
    (strict) => attempt(down("working"), strict),
  );
});
