import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { type FakePagerDuty, startFakePagerDuty } from "../../test/fake-pagerduty.ts";
import { type Receiver, startSlackReceiver } from "../../test/receivers.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { createServiceContext } from "../services/context.ts";

describeEachDatabase("paging PagerDuty from a real check, routed by severity", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let pagerDuty: FakePagerDuty;
  let slack: Receiver;
  // The target answers 503 until it is healthy again.
  let healthy = false;
  const clock = { now: Date.UTC(2027, 0, 15, 8) };

  beforeAll(async () => {
    target = await startHttpServer((_request, response) =>
      response.writeHead(healthy ? 200 : 503).end(),
    );
    [pagerDuty, slack] = await Promise.all([startFakePagerDuty(), startSlackReceiver()]);
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), {
      ctx,
      env: {
        RUN_CHECKS: "true",
        ALLOW_PRIVATE_TARGETS: "true",
        PAGERDUTY_EVENTS_URL: pagerDuty.eventsUrl,
      },
      startAlerting: true,
    });
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([target.close(), pagerDuty.close(), slack.close()]);
  });

  it("triggers, acknowledges and resolves one PagerDuty incident, and tells a warning-only Slack channel nothing", async () => {
    const account = await createTestAccount(db(), "enterprise");
    const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: account.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json();
    };
    const routingKey = pagerDuty.keyFor("working");
    const paging = await api("POST", "/channels", {
      type: "pagerduty",
      config: { routing_key: routingKey },
    });
    const chat = await api("POST", "/channels", {
      type: "slack",
      config: { url: `${slack.url}/services/T000/B000/XXXX` },
    });
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Checkout API",
      target: `http://127.0.0.1:${target.port}/health`,
      interval_seconds: 600,
      failure_threshold: 1,
      recovery_confirmations: 1,
      paused: true,
    });
    await api("PUT", `/monitors/${monitor.id}/channels`, {
      channels: [
        { id: paging.id, severities: ["critical"] },
        { id: chat.id, severities: ["warning"] },
      ],
    });
    const events = () => pagerDuty.accepted.filter((event) => event.routing_key === routingKey);

    // Resuming a monitor never checked runs its first check at once: the target answers 503.
    await api("POST", `/monitors/${monitor.id}/resume`);
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(1);
    const [alert] = (await api("GET", `/alerts?monitor_id=${monitor.id}`)).data;
    const key = `upwatch-${alert.id}`;
    expect(events()[0]).toMatchObject({
      event_action: "trigger",
      dedup_key: key,
      payload: { summary: "Checkout API is down", severity: "critical" },
    });
    expect(pagerDuty.incidents.get(key)).toBe("triggered");

    await api("POST", `/alerts/${alert.id}/acknowledge`);
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(2);
    expect(events()[1]).toEqual({
      routing_key: routingKey,
      event_action: "acknowledge",
      dedup_key: key,
    });
    expect(pagerDuty.incidents.get(key)).toBe("acknowledged");

    healthy = true;
    clock.now += 10_000;
    await api("POST", `/monitors/${monitor.id}/check`);
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(3);
    expect(events()[2]).toEqual({
      routing_key: routingKey,
      event_action: "resolve",
      dedup_key: key,
    });
    expect(pagerDuty.incidents.get(key)).toBe("resolved");

    await app.alerting.worker.drain();
    expect(slack.received).toHaveLength(0);
    const log = (await api("GET", `/notifications?alert_id=${alert.id}`)).data;
    expect(
      log.map((entry: { channel_type: string; event: string; status: string }) => [
        entry.channel_type,
        entry.event,
        entry.status,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["pagerduty", "monitor.down", "delivered"],
        ["pagerduty", "alert.acknowledged", "delivered"],
        ["pagerduty", "monitor.up", "delivered"],
      ]),
    );
    expect(log).toHaveLength(3);
  });
});
