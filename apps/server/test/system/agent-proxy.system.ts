import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlan } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUpEverything, onCleanup } from "./support/cleanup.ts";
import { type RunningProcess, startProcess, tail } from "./support/processes.ts";
import {
  apiClient,
  createAccountWithKey,
  type ServerProcess,
  startServer,
} from "./support/server-process.ts";
import { waitFor } from "./support/wait.ts";

const AGENT_ENTRY = "apps/agent/dist/upwatch-agent.mjs";
const AGENT_NAME = "db-primary";
/** Enterprise+ checks as often as every 30 seconds, which keeps this suite short. */
const PLAN = "enterprise";
const INTERVAL_SECONDS = getPlan(PLAN).limits.minIntervalSeconds;
const TIMEOUT_SECONDS = 5;
/** Time from one planned check to its result: the next planned time, a poll, the check. */
const ONE_CHECK_MS = (INTERVAL_SECONDS + 30 + TIMEOUT_SECONDS + 25) * 1000;
/**
 * Time for an unanswered task to time out: due within an interval, then its deadline (planned +
 * 60 s + timeout + 15 s) and the sweeper's 5 s, with a margin.
 */
const ONE_TIMEOUT_MS = (INTERVAL_SECONDS + 60 + TIMEOUT_SECONDS + 15 + 5 + 30) * 1000;

interface AgentView {
  status: string;
  version: string | null;
  capabilities: string[];
  proxy_capable: boolean;
}

interface MonitorView {
  id: string;
  state: string;
  run_from: string;
  agent_id: string | null;
  agent: { id: string; name: string; proxy_capable: boolean } | null;
}

interface TaskView {
  id: string;
  monitor_id: string;
  state: string;
  planned_at: string;
  started_at: string | null;
  finished_at: string | null;
  result: { status: string; error: string | null } | null;
}

interface CheckView {
  status: string;
  region: string;
  planned_at: string;
  error: string | null;
}

interface AlertView {
  id: string;
  kind: string;
  state: string;
  resolution: string | null;
}

/** A loopback HTTP target that answers 200 until it is closed. */
async function startHttpTarget() {
  const server: HttpServer = createHttpServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" }).end("intranet is fine\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  let open = true;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`,
    close: async () => {
      if (!open) return;
      open = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A loopback TCP target that accepts every connection and closes it. */
async function startTcpTarget() {
  const server: Server = createTcpServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    target: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("monitors run by the real agent program for a server that refuses private targets", () => {
  const folder = mkdtempSync(join(tmpdir(), "upwatch-agent-proxy-system-"));
  const forgetFolder = onCleanup("the proxy system test's folder", () =>
    rmSync(folder, { recursive: true, force: true }),
  );
  const configFile = join(folder, "agent.yaml");
  // The server's own guard stays on: only the agent may reach loopback targets.
  const env = {
    ALLOW_PRIVATE_TARGETS: "false",
    DATABASE_URL: "",
    DATA_DIR: join(folder, "data"),
  };
  let httpTarget: Awaited<ReturnType<typeof startHttpTarget>>;
  let tcpTarget: Awaited<ReturnType<typeof startTcpTarget>>;
  let server: ServerProcess;
  let api: ReturnType<typeof apiClient>;
  let agentId: string;
  let agent: RunningProcess | undefined;
  let httpMonitorId: string;
  let tcpMonitorId: string;

  const startAgent = () => {
    agent = startProcess("the agent", process.execPath, [
      AGENT_ENTRY,
      "run",
      "--config",
      configFile,
    ]);
    return agent;
  };
  /** Rethrows a failed wait with what the agent and the server printed last. */
  const withOutput = (error: unknown): never => {
    throw new Error(
      `${String(error)}\nThe agent printed:\n${tail(agent?.output() ?? "(not started)")}\nThe server printed:\n${tail(server?.output() ?? "")}`,
    );
  };
  const tasksOf = async (monitorId: string, state?: string) => {
    const query = state ? `?limit=200&state=${state}` : "?limit=200";
    const response = await api<{ data: TaskView[] }>(`/api/v1/agents/${agentId}/tasks${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.filter((task) => task.monitor_id === monitorId);
  };
  const checksOf = async (monitorId: string) => {
    const response = await api<{ data: CheckView[] }>(
      `/api/v1/monitors/${monitorId}/checks?limit=100`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const monitor = async (monitorId: string) => {
    const response = await api<MonitorView>(`/api/v1/monitors/${monitorId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const alertsOf = async (monitorId: string) => {
    const response = await api<{ data: AlertView[] }>(`/api/v1/alerts?monitor_id=${monitorId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const createMonitor = async (body: Record<string, unknown>) => {
    const created = await api<MonitorView>("/api/v1/monitors", {
      method: "POST",
      body: {
        ...body,
        agent_id: agentId,
        interval_seconds: INTERVAL_SECONDS,
        timeout_seconds: TIMEOUT_SECONDS,
        recovery_confirmations: 1,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.run_from).toBe("agent");
    expect(created.body.agent_id).toBe(agentId);
    expect(created.body.agent).toMatchObject({ name: AGENT_NAME, proxy_capable: true });
    return created.body.id;
  };

  beforeAll(async () => {
    httpTarget = await startHttpTarget();
    tcpTarget = await startTcpTarget();
    server = await startServer("the server", env);
    api = apiClient(server.url, createAccountWithKey(PLAN, env));
    const created = await api<{ agent: { id: string }; key: string }>("/api/v1/agents", {
      method: "POST",
      body: { name: AGENT_NAME, os: "linux" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    agentId = created.body.agent.id;
    writeFileSync(
      configFile,
      [
        `api_url: "${server.url}"`,
        `api_key: "${created.body.key}"`,
        "monitoring_interval: 10",
        "log_level: debug",
        "",
      ].join("\n"),
    );
    startAgent();
    const online = await waitFor(
      "the agent to report as a proxy-capable agent",
      async () => {
        const { body } = await api<AgentView>(`/api/v1/agents/${agentId}`);
        return body.status === "online" && body.proxy_capable ? body : undefined;
      },
      { timeoutMs: 30_000, everyMs: 500 },
    ).catch(withOutput);
    expect(online.version).toBe("2.1.0");
    expect(online.capabilities).toContain("proxy-checks");

    httpMonitorId = await createMonitor({
      type: "http",
      name: "Intranet",
      target: httpTarget.url,
      failure_threshold: 1,
    });
    tcpMonitorId = await createMonitor({
      type: "tcp",
      name: "Database replica",
      target: tcpTarget.target,
      failure_threshold: 1,
    });
  }, 120_000);

  afterAll(async () => {
    await agent?.stop("SIGTERM");
    await server?.stop("SIGTERM");
    await httpTarget?.close();
    await tcpTarget?.close();
    forgetFolder();
    cleanUpEverything();
  });

  it(
    "completes the agent's tasks and stores their checks under the agent",
    async () => {
      for (const monitorId of [httpMonitorId, tcpMonitorId]) {
        const task = await waitFor(
          `a completed task of monitor ${monitorId}`,
          async () => (await tasksOf(monitorId, "completed"))[0],
          { timeoutMs: ONE_CHECK_MS, everyMs: 1_000 },
        ).catch(withOutput);
        expect(task.result?.status).toBe("up");
        expect(task.started_at).not.toBeNull();
        expect(task.finished_at).not.toBeNull();

        const checks = await waitFor(
          `the check of monitor ${monitorId} to be listed`,
          async () => {
            const found = await checksOf(monitorId);
            return found.some((check) => check.planned_at === task.planned_at) ? found : undefined;
          },
          { timeoutMs: 10_000, everyMs: 500 },
        );
        expect(checks.map((check) => [check.region, check.status])).toEqual(
          checks.map(() => ["agent", "up"]),
        );
        expect((await monitor(monitorId)).state).toBe("up");
      }
    },
    ONE_CHECK_MS * 2 + 30_000,
  );

  it(
    "stores a down check and opens an alert as usual once the HTTP target stops answering",
    async () => {
      await httpTarget.close();

      const down = await waitFor(
        "a down check of the HTTP monitor",
        async () => (await checksOf(httpMonitorId)).find((check) => check.status === "down"),
        { timeoutMs: ONE_CHECK_MS, everyMs: 1_000 },
      ).catch(withOutput);
      expect(down.region).toBe("agent");
      expect(down.error).toBeTruthy();

      // The check ran: its task is Completed, with a result that is down.
      const tasks = await tasksOf(httpMonitorId);
      const task = tasks.find((candidate) => candidate.planned_at === down.planned_at);
      expect(task?.state).toBe("completed");
      expect(task?.result?.status).toBe("down");

      const alert = await waitFor(
        "the HTTP monitor's alert to open",
        async () => (await alertsOf(httpMonitorId)).find((candidate) => candidate.state === "open"),
        { timeoutMs: 15_000, everyMs: 500 },
      );
      expect(alert.kind).toBe("monitor-down");
      expect((await monitor(httpMonitorId)).state).toBe("down");
      // The TCP target still answers.
      expect((await monitor(tcpMonitorId)).state).toBe("up");
    },
    ONE_CHECK_MS + 30_000,
  );

  it(
    "times out the tasks of a stopped agent and takes the TCP monitor down, one timeout being its threshold",
    async () => {
      const stoppedAt = Date.now();
      await agent?.stop("SIGTERM");

      const down = await waitFor(
        "the TCP monitor to go down once a task timed out",
        async () => {
          const current = await monitor(tcpMonitorId);
          return current.state === "down" ? current : undefined;
        },
        { timeoutMs: ONE_TIMEOUT_MS, everyMs: 2_000 },
      ).catch(withOutput);
      expect(down.state).toBe("down");

      const timedOut = (await tasksOf(tcpMonitorId, "timeout")).filter(
        (task) => Date.parse(task.finished_at ?? "") > stoppedAt,
      );
      expect(timedOut.length).toBeGreaterThanOrEqual(1);
      expect(timedOut.map((task) => task.result?.status)).toEqual(timedOut.map(() => "down"));
      const checks = await checksOf(tcpMonitorId);
      const latest = checks.slice(0, 1);
      expect(latest.map((check) => [check.region, check.status])).toEqual([["agent", "down"]]);
      expect(latest[0]?.error).toContain(AGENT_NAME);
      const alert = (await alertsOf(tcpMonitorId)).find((candidate) => candidate.state === "open");
      expect(alert?.kind).toBe("monitor-down");
    },
    ONE_TIMEOUT_MS + 30_000,
  );

  it(
    "recovers the TCP monitor once the agent is back",
    async () => {
      const restartedAt = Date.now();
      startAgent();

      const recovered = await waitFor(
        "the TCP monitor to be up again",
        async () => {
          const current = await monitor(tcpMonitorId);
          return current.state === "up" ? current : undefined;
        },
        { timeoutMs: ONE_CHECK_MS, everyMs: 1_000 },
      ).catch(withOutput);
      expect(recovered.state).toBe("up");

      const completed = await tasksOf(tcpMonitorId, "completed");
      const rerun = completed.find((task) => Date.parse(task.finished_at ?? "") > restartedAt);
      expect(rerun?.result?.status).toBe("up");
      const check = (await checksOf(tcpMonitorId)).find(
        (candidate) => candidate.planned_at === rerun?.planned_at,
      );
      expect(check).toMatchObject({ region: "agent", status: "up" });
      const alert = await waitFor(
        "the TCP monitor's alert to resolve",
        async () =>
          (await alertsOf(tcpMonitorId)).find(
            (candidate) => candidate.kind === "monitor-down" && candidate.state === "resolved",
          ),
        { timeoutMs: 15_000, everyMs: 500 },
      );
      expect(alert.resolution).toBe("recovered");
    },
    ONE_CHECK_MS + 30_000,
  );
});
