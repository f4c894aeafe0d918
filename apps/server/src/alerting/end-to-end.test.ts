import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { type Receiver, startReceiver } from "../../test/receivers.ts";
import { verifyUpwatchSignature } from "../../test/webhook-verification.ts";

describeEachDatabase("alerting from a real check to a webhook", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let receiver: Receiver;

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(503).end());
    receiver = await startReceiver(() => ({ status: 204 }));
    app = await buildTestApp(db(), {
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
      startAlerting: true,
    });
  });
  afterAll(async () => {
    await app.close();
    await target.close();
    await receiver.close();
  });

  it("runs the check, opens the alert in the writing transaction and delivers the signed webhook", async () => {
    const account = await createTestAccount(db(), "hobby");
    const api = async (method: "POST" | "PUT" | "GET", url: string, payload?: object) =>
      (
        await app.inject({
          method,
          url: `/api/v1${url}`,
          headers: account.headers,
          ...(payload ? { payload } : {}),
        })
      ).json();
    const webhook = await api("POST", "/channels", {
      type: "webhook",
      config: { url: `${receiver.url}/hooks` },
      attach_to_new_monitors: true,
    });
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Status API",
      target: `http://127.0.0.1:${target.port}/health`,
      interval_seconds: 600,
      failure_threshold: 1,
    });
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const [request] = receiver.received;
    expect(verifyUpwatchSignature(webhook.signing_secret, request!.headers, request!.body)).toBe(
      true,
    );
    expect(JSON.parse(request!.body)).toMatchObject({
      event: "monitor.down",
      monitor: { id: monitor.id, name: "Status API", type: "http" },
      alert: { severity: "critical", response_code: 503 },
      metadata: { region: "us-west-1", consecutive_failures: 1 },
    });
    const alerts = await api("GET", `/alerts?monitor_id=${monitor.id}`);
    expect(alerts.data).toMatchObject([{ state: "open", notifications_sent: 1 }]);
  });
});
