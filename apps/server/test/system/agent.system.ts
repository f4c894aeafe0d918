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
  agent?: { id: string; name: string };
  alert?: { kind: string; severity: string; message: string };
}

interface AgentView {
  id: string;
  status: string;
  version: string | null;
  hostname: string | null;
  latest: { cpu_percent: number; memory: { total_bytes: number } } | null;
}

interface AlertView {
  id: string;
  kind: string;
  state: string;
  resolution: string | null;
}

describe("the real agent program reporting to the real server", () => {
  const folder = mkdtempSync(join(tmpdir(), "upwatch-agent-system-"));
  const configFile = join(folder, "agent.yaml");
  const env = { ALLOW_PRIVATE_TARGETS: "true", DATA_DIR: join(folder, "data") };
  let server: ServerProcess;
  let receiver: WebhookReceiver<ReceivedWebhook>;
  let api: ReturnType<typeof apiClient>;
  let agentId: string;
  let agent: RunningProcess | undefined;

  const startAgent = () => {
    agent = startProcess("agent", process.execPath, [AGENT_ENTRY, "run", "--config", configFile]);
    return agent;
  };
  const agentAlerts = async () =>
    (await api<{ data: AlertView[] }>(`/api/v1/alerts?agent_id=${agentId}`)).body.data;

  beforeAll(async () => {
    receiver = await startWebhookReceiver<ReceivedWebhook>();
    server = await startServer("server", env);
    const key = createAccountWithKey("business", env);
    api = apiClient(server.url, key);
    const created = await createAgentAlertingToWebhook(api, receiver.url, "db-primary");
    agentId = created.agentId;
    writeFileSync(
      configFile,
      [
        `api_url: "${server.url}"`,
        `api_key: "${created.key}"`,
        "monitoring_interval: 10",
        "log_level: debug",
        "services:",
        "  - upwatch-system-test-absent",
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

  it("comes online with its metrics stored and charted", async () => {
    startAgent();
    const online = await waitFor(
      "the agent to come online with its first report",
      async () => {
        const { body } = await api<AgentView>(`/api/v1/agents/${agentId}`);
        return body.status === "online" && body.latest ? body : undefined;
      },
      { timeoutMs: 30_000, everyMs: 500 },
    ).catch((error) => {
      throw new Error(`${error}\nAgent output:\n${tail(agent?.output() ?? "")}`);
    });
    expect(online.version).toBe("2.1.0");
    expect(online.hostname).toBeTruthy();
    expect(online.latest?.cpu_percent).toBeGreaterThanOrEqual(0);
    expect(online.latest?.memory.total_bytes).toBeGreaterThan(0);

    const chart = await api<{ points: { cpu_percent: number | null }[] }>(
      `/api/v1/agents/${agentId}/metrics?range=1h`,
    );
    expect(chart.status).toBe(200);
    expect(chart.body.points.some((point) => point.cpu_percent !== null)).toBe(true);
  });

  it("opens the offline alert once it stops reporting, and resolves it when it reports again", async () => {
    const shortened = await api(`/api/v1/agents/${agentId}`, {
      method: "PATCH",
      body: { offline_after_minutes: 1 },
    });
    expect(shortened.status).toBe(200);
    await agent?.stop("SIGTERM");

    const offline = await waitFor(
      "the agent-offline alert to open",
      async () => (await agentAlerts()).find((a) => a.kind === "agent-offline"),
      { timeoutMs: 110_000, everyMs: 1_000 },
    );
    expect(offline.state).toBe("open");
    const status = (await api<AgentView>(`/api/v1/agents/${agentId}`)).body.status;
    expect(status).toBe("offline");
    await waitFor(
      "the webhook to be told the agent is offline",
      async () => receiver.received.some((hook) => hook.event === "agent.offline") || undefined,
      { timeoutMs: 15_000, everyMs: 250 },
    );

    startAgent();
    const resolved = await waitFor(
      "the offline alert to resolve",
      async () => {
        const alert = (await agentAlerts()).find((a) => a.id === offline.id);
        return alert?.state === "resolved" ? alert : undefined;
      },
      { timeoutMs: 30_000, everyMs: 500 },
    );
    expect(resolved.resolution).toBe("recovered");
    await waitFor(
      "the webhook to be told the agent is back",
      async () => receiver.received.some((hook) => hook.event === "agent.online") || undefined,
      { timeoutMs: 15_000, everyMs: 250 },
    );
    const hook = receiver.received.find((payload) => payload.event === "agent.offline");
    expect(hook?.agent).toMatchObject({ id: agentId, name: "db-primary" });
    expect(hook?.alert?.severity).toBe("critical");
  });
});
