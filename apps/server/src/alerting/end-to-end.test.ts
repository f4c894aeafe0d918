import { expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  jsonApi,
  useFailingTargetAndWebhookReceiver,
  webhookForNewMonitors,
} from "../../test/live-alerting.ts";
import { verifyUpwatchSignature } from "../../test/webhook-verification.ts";

describeEachDatabase("alerting from a real check to a webhook", (db) => {
  const live = useFailingTargetAndWebhookReceiver(db);

  it("runs the check, opens the alert in the writing transaction and delivers the signed webhook", async () => {
    const account = await createTestAccount(db(), "hobby");
    const api = jsonApi(live.app, account.headers);
    const webhook = await api("POST", "/channels", webhookForNewMonitors(live.receiver));
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Status API",
      target: `http://127.0.0.1:${live.target.port}/health`,
      interval_seconds: 600,
      failure_threshold: 1,
    });
    await expect.poll(() => live.receiver.received.length, { timeout: 10_000 }).toBe(1);
    const [request] = live.receiver.received;
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
