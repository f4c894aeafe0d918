import { closedPort } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { markChannelConfirmed } from "../../test/channels.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord } from "../../test/monitors.ts";
import {
  type Receiver,
  startFakeSmsApi,
  startReceiver,
  startSlackReceiver,
} from "../../test/receivers.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { verifyUpwatchSignature } from "../../test/webhook-verification.ts";
import { storeCheckBatch } from "../check-intake/store-checks.ts";

const SMS_ACCOUNT = { sid: "AC_test_account", token: "test-auth-token" };

describeEachDatabase("alert delivery to real receivers", (db) => {
  let app: FastifyInstance;
  let hooks: Receiver;
  let slack: Receiver;
  let sms: Receiver;
  let smtp: SmtpSink;
  let account: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    hooks = await startReceiver((request) =>
      request.path === "/slow" ? { status: 204, delayMs: 12_000 } : { status: 204 },
    );
    slack = await startSlackReceiver();
    sms = await startFakeSmsApi(SMS_ACCOUNT);
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      env: {
        ALLOW_PRIVATE_TARGETS: "true",
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: SMS_ACCOUNT.sid,
        SMS_AUTH_TOKEN: SMS_ACCOUNT.token,
        SMS_FROM: "+15550100",
      },
      mailTransport: loopbackSmtpTransport(smtp.port, "Upwatch <alerts@upwatch.example>"),
    });
    // Business: the file's tests add more channels than the Hobby plan allows.
    account = await createTestAccount(db(), "business");
  });
  afterAll(async () => {
    await app.close();
    for (const receiver of [hooks, slack, sms]) await receiver.close();
    await smtp.close();
  });

  const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const channel = async (payload: object) => (await api("POST", "/channels", payload)).body;
  const monitorUsing = async (name: string, channelIds: string[]) => {
    const monitor = (
      await api("POST", "/monitors", { type: "http", name, target: "https://example.com/" })
    ).body;
    await api("PUT", `/monitors/${monitor.id}/channels`, { channel_ids: channelIds });
    return monitor;
  };
  /** The check that takes the monitor down, stored as the engine stores it. */
  const takeDown = async (monitorId: string) => {
    const record = {
      ...checkRecord(monitorId, Date.now(), false, 1240),
      region: "eu-west-1",
      transition: "went-down" as const,
    };
    await storeCheckBatch(db().handle.db, [record], app.alerting.engine.hook);
    app.alerting.engine.afterCommit();
  };
  const deliveries = async (query = "") => (await api("GET", `/notifications${query}`)).body.data;

  it("delivers a monitor going down to a signed webhook, Slack, SMS and e-mail", async () => {
    const webhook = await channel({
      type: "webhook",
      config: { url: `${hooks.url}/hooks/upwatch` },
    });
    expect(webhook.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const slackChannel = await channel({
      type: "slack",
      config: { url: `${slack.url}/services/T0000/B0000/XXXXXXXX` },
    });
    const phone = await channel({ type: "sms", config: { phone: "+64211234567" } });
    const mail = await channel({ type: "email", config: { address: "ops@example.com" } });
    await markChannelConfirmed(db(), mail.id);
    const monitor = await monitorUsing("Checkout API - EU", [
      webhook.id,
      slackChannel.id,
      phone.id,
      mail.id,
    ]);
    await takeDown(monitor.id);
    await app.alerting.worker.drain();
    await app.outbox.drain();

    const [alert] = (await api("GET", `/alerts?monitor_id=${monitor.id}`)).body.data;
    const hook = hooks.received.find((r) => r.path === "/hooks/upwatch")!;
    expect(hook.method).toBe("POST");
    expect(hook.headers["content-type"]).toBe("application/json");
    expect(hook.headers["webhook-id"]).toMatch(/^msg_/);
    expect(verifyUpwatchSignature(webhook.signing_secret, hook.headers, hook.body)).toBe(true);
    expect(verifyUpwatchSignature(webhook.signing_secret, hook.headers, `${hook.body} `)).toBe(
      false,
    );
    const payload = JSON.parse(hook.body);
    expect(payload).toEqual({
      event: "monitor.down",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      monitor: {
        id: monitor.id,
        name: "Checkout API - EU",
        url: "https://example.com/",
        type: "http",
      },
      alert: {
        id: alert.id,
        severity: "critical",
        message: "Expected a 2xx or 3xx status but the server answered 503 Service Unavailable.",
        response_code: 503,
        response_time: 1240,
      },
      metadata: {
        region: "eu-west-1",
        regions: ["eu-west-1"],
        check_id: expect.stringMatching(/^chk_/),
        consecutive_failures: 3,
      },
    });

    const slackMessage = JSON.parse(slack.received.at(-1)!.body);
    expect(slackMessage.text.split("\n")).toEqual([
      "*CRITICAL*  Checkout API - EU is down",
      "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms",
      expect.stringMatching(
        /^Opened \d\d:\d\d UTC - <http:\/\/localhost:3000\/a\/[\w-]+\|View alert>$/,
      ),
    ]);
    expect(slackMessage.blocks[0].text.text).toBe(slackMessage.text);

    const text = sms.received.at(-1)!;
    expect(text.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SMS_ACCOUNT.sid}:${SMS_ACCOUNT.token}`).toString("base64")}`,
    );
    const form = new URLSearchParams(text.body);
    expect(form.get("To")).toBe("+64211234567");
    expect(form.get("From")).toBe("+15550100");
    expect(form.get("Body")).toMatch(
      /^Upwatch CRITICAL: Checkout API - EU is DOWN \(HTTP 503, eu-west-1, 3 failures\)\. Ack: http:\/\/localhost:3000\/a\/[\w-]{12}$/,
    );

    const email = smtp.received.find((m) => m.subject?.includes("Checkout API - EU"))!;
    expect(email.subject).toBe("[Critical] Checkout API - EU is down");
    expect(email.to).toMatchObject({ text: "ops@example.com" });
    expect(email.text).toContain("View or acknowledge the alert: http://localhost:3000/a/");
    expect(email.messageId).toMatch(/^<msg_[\w-]+@upwatch\.mail>$/);

    const log = await deliveries(`?alert_id=${alert.id}`);
    expect(log.map((d: { channel_type: string }) => d.channel_type).sort()).toEqual([
      "email",
      "slack",
      "sms",
      "webhook",
    ]);
    for (const entry of log) {
      expect(entry).toMatchObject({ event: "monitor.down", status: "delivered", error: null });
      expect(entry.latency_ms).toBeGreaterThanOrEqual(0);
    }
    const byChannel = await deliveries(`?channel_id=${webhook.id}`);
    expect(byChannel.map((d: { channel_id: string }) => d.channel_id)).toEqual([webhook.id]);
    const stranger = await createTestAccount(db(), "hobby");
    const theirs = await app.inject({
      method: "GET",
      url: "/api/v1/notifications",
      headers: stranger.headers,
    });
    expect(theirs.json()).toEqual({ data: [], next_before: null });
    const charges = await db()
      .handle.db.selectFrom("usage_charges")
      .selectAll()
      .where("account_id", "=", account.accountId)
      .execute();
    expect(charges).toMatchObject([{ item: "sms", quantity: 1, amount_cents: 20 }]);
  });

  it("records a receiver slower than 10 seconds as a timeout and one that is down as failed, without holding up the others or retrying", async () => {
    const port = await closedPort();
    const slow = await channel({ type: "webhook", config: { url: `${hooks.url}/slow` } });
    const down = await channel({ type: "webhook", config: { url: `http://127.0.0.1:${port}/` } });
    const fine = await channel({ type: "webhook", config: { url: `${hooks.url}/fine` } });
    const monitor = await monitorUsing("Payments", [slow.id, down.id, fine.id]);
    await takeDown(monitor.id);
    await app.alerting.worker.drain();

    const log = await deliveries();
    const entry = (id: string) => log.find((d: { channel_id: string }) => d.channel_id === id);
    expect(entry(slow.id)).toMatchObject({
      status: "timeout",
      error: "No answer within 10 seconds.",
    });
    expect(entry(down.id)).toMatchObject({ status: "failed" });
    expect(entry(down.id).error).toBe(
      `The connection to 127.0.0.1:${port} was refused (nothing is listening there).`,
    );
    expect(entry(fine.id)).toMatchObject({ status: "delivered" });
    const fineRequest = hooks.received.find((r) => r.path === "/fine")!;
    expect(fineRequest.slowInProgress).toBe(1);

    await app.alerting.worker.drain();
    const attempts = await db()
      .handle.db.selectFrom("notification_deliveries")
      .select("channel_id")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(attempts).toHaveLength(3);
    const statuses = await db()
      .handle.db.selectFrom("notifications")
      .select(["channel_id", "status", "attempts"])
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(statuses.find((n) => n.channel_id === slow.id)).toMatchObject({
      status: "failed",
      attempts: 1,
    });
  }, 30_000);

  it("sends a notification claimed by a server that crashed, with the same id, once the claim lapses", async () => {
    const webhook = await channel({ type: "webhook", config: { url: `${hooks.url}/after-crash` } });
    const monitor = await monitorUsing("Search", [webhook.id]);
    const handle = db().handle.db;
    await takeDown(monitor.id);
    await handle
      .updateTable("notifications")
      .set({ status: "sending", claim_token: "crashed", locked_until: Date.now() + 60_000 })
      .where("monitor_id", "=", monitor.id)
      .execute();
    await app.alerting.worker.drain();
    expect(hooks.received.filter((r) => r.path === "/after-crash")).toHaveLength(0);
    await handle
      .updateTable("notifications")
      .set({ locked_until: Date.now() - 1 })
      .where("monitor_id", "=", monitor.id)
      .execute();
    await app.alerting.worker.drain();
    const [request] = hooks.received.filter((r) => r.path === "/after-crash");
    const notification = await handle
      .selectFrom("notifications")
      .selectAll()
      .where("monitor_id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect(request!.headers["webhook-id"]).toBe(notification.id);
    expect(notification.status).toBe("delivered");
  });

  it("answers a channel test with the attempt: delivered, or the receiver's refusal in words", async () => {
    const live = await buildTestApp(db(), {
      env: {
        ALLOW_PRIVATE_TARGETS: "true",
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: SMS_ACCOUNT.sid,
        SMS_AUTH_TOKEN: SMS_ACCOUNT.token,
        SMS_FROM: "+15550100",
      },
      mailTransport: loopbackSmtpTransport(smtp.port, "alerts@upwatch.example"),
      startAlerting: true,
      startOutboxWorker: true,
    });
    const test = async (id: string) =>
      (
        await live.inject({
          method: "POST",
          url: `/api/v1/channels/${id}/test`,
          headers: account.headers,
        })
      ).json();
    const webhook = await channel({ type: "webhook", config: { url: `${hooks.url}/test` } });
    expect(await test(webhook.id)).toMatchObject({ status: "delivered", error: null });
    const testHook = hooks.received.find((r) => r.path === "/test")!;
    expect(JSON.parse(testHook.body)).toMatchObject({
      event: "test",
      monitor: { id: "mon_test" },
      alert: { severity: "info" },
    });
    expect(verifyUpwatchSignature(webhook.signing_secret, testHook.headers, testHook.body)).toBe(
      true,
    );
    const archived = await channel({ type: "slack", config: { url: `${slack.url}/archived` } });
    expect(await test(archived.id)).toMatchObject({
      status: "failed",
      error: "Slack answered 410: channel_is_archived.",
    });
    const wrongNumber = await channel({ type: "sms", config: { phone: "+15005550001" } });
    expect(await test(wrongNumber.id)).toMatchObject({
      status: "failed",
      error:
        "The SMS provider refused the message with status 400 (code 21211): The 'To' number +15005550001 is not a valid phone number.",
    });
    const mail = await channel({ type: "email", config: { address: "test-me@example.com" } });
    await markChannelConfirmed(db(), mail.id);
    expect(await test(mail.id)).toMatchObject({ status: "delivered" });
    expect(smtp.received.some((m) => m.subject === "[Test] Upwatch test notification")).toBe(true);
    await live.close();
  });
});
