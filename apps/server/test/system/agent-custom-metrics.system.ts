import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentAlertingToWebhook } from "./support/agent-alerting-to-webhook.ts";
import { cleanUpEverything } from "./support/cleanup.ts";
import { type RunningProcess, startProcess, tail } from "./support/processes.ts";
import {
  apiClient,
  createAccountWithKey,
  type ServerProcess,
  startServer,
} from "./support/server-process.ts";
import { waitFor } from "./support/wait.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

const AGENT_ENTRY = "apps/agent/dist/upwatch-agent.mjs";

interface ReceivedWebhook {
  event: string;
  alert?: { kind: string; message: string; value: number | null; subject: string | null };
}

interface AlertView {
  id: string;
  kind: string;
  state: string;
  resolution: string | null;
  message: string;
}

describe("a custom metric from the real agent program through to an alert", () => {
  const folder = mkdtempSync(join(tmpdir(), "upwatch-custom-metrics-system-"));
  const configFile = join(folder, "agent.yaml");
  const depthFile = join(folder, "depth.txt");
  const script = join(folder, "queue-depth.mjs");
  const env = { ALLOW_PRIVATE_TARGETS: "true", DATA_DIR: join(folder, "data") };
  let server: ServerProcess;
  let receiver: WebhookReceiver<ReceivedWebhook>;
  let api: ReturnType<typeof apiClient>;
  let agentId: string;
  let agent: RunningProcess | undefined;

  const agentAlerts = async () =>
    (await api<{ data: AlertView[] }>(`/api/v1/alerts?agent_id=${agentId}`)).body.data;

  beforeAll(async () => {
    receiver = await startWebhookReceiver<ReceivedWebhook>();
    server = await startServer("server", env);
    api = apiClient(server.url, createAccountWithKey("enterprise", env));
    const created = await createAgentAlertingToWebhook(api, receiver.url, "worker-1");
    agentId = created.agentId;
    const rule = await api(`/api/v1/agents/${agentId}/alert-rules`, {
      method: "POST",
      body: { kind: "custom", metric: "queue_depth", labels: { queue: "mail" }, threshold: 100 },
    });
    expect(rule.status).toBe(201);
    writeFileSync(depthFile, "250");
    writeFileSync(
      script,
      [
        'import { readFileSync } from "node:fs";',
        "const depth = readFileSync(process.argv[2], 'utf8').trim();",
        'console.log("# TYPE queue_depth gauge");',
        "console.log('queue_depth{queue=\"mail\"} ' + depth);",
        "console.log('queue_depth{queue=\"thumbnails\"} 7');",
      ].join("\n"),
    );
    writeFileSync(
      configFile,
      [
        `api_url: "${server.url}"`,
        `api_key: "${created.key}"`,
        "monitoring_interval: 10",
        "log_level: debug",
        "custom_metrics:",
        `  - command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}, ${JSON.stringify(depthFile)}]`,
        "    timeout: 10",
        "",
      ].join("\n"),
    );
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    await server?.stop();
    await receiver?.close();
    rmSync(folder, { recursive: true, force: true });
    await cleanUpEverything();
  });

  it("stores the command's series, opens the rule's alert and tells the webhook, then resolves it", async () => {
    agent = startProcess("agent", process.execPath, [AGENT_ENTRY, "run", "--config", configFile]);
    const opened = await waitFor(
      "the custom metric alert to open",
      async () => (await agentAlerts()).find((a) => a.kind === "agent-custom"),
      { timeoutMs: 30_000, everyMs: 500 },
    ).catch((error) => {
      throw new Error(`${error}\nAgent output:\n${tail(agent?.output() ?? "")}`);
    });
    expect(opened).toMatchObject({
      state: "open",
      message: 'queue_depth{queue="mail"} on worker-1 is 250, above 100.',
    });
    const hook = await waitFor(
      "the webhook to be told of the custom metric",
      async () => receiver.received.find((payload) => payload.alert?.kind === "agent-custom"),
      { timeoutMs: 15_000, everyMs: 250 },
    );
    expect(hook).toMatchObject({
      event: "agent.alert",
      alert: { value: 250, subject: 'queue_depth{queue="mail"}' },
    });

    const series = await api<{ data: { id: string; series_key: string }[] }>(
      `/api/v1/agents/${agentId}/custom-metrics`,
    );
    expect(series.body.data.map((s) => s.series_key)).toEqual([
      'queue_depth{queue="mail"}',
      'queue_depth{queue="thumbnails"}',
    ]);
    const points = await api<{ points: { value: number | null }[] }>(
      `/api/v1/agents/${agentId}/custom-metrics/${series.body.data[0]!.id}?range=1h`,
    );
    expect(points.body.points.at(-1)?.value).toBe(250);

    writeFileSync(depthFile, "12");
    const resolved = await waitFor(
      "the custom metric alert to resolve",
      async () => {
        const alert = (await agentAlerts()).find((a) => a.id === opened.id);
        return alert?.state === "resolved" ? alert : undefined;
      },
      { timeoutMs: 40_000, everyMs: 500 },
    );
    expect(resolved.resolution).toBe("recovered");
  }, 120_000);
});
