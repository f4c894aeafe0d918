import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../ports.ts";
import { type SmtpSink, startSmtpSink } from "../smtp-sink.ts";
import { cleanUpEverything } from "./support/cleanup.ts";
import { sample } from "./support/metrics.ts";
import {
  createNamespace,
  freeAddressBlock,
  type NetworkNamespace,
  removeAbandonedNamespaces,
} from "./support/namespaces.ts";
import { type RunningProcess, startProcess, tail } from "./support/processes.ts";
import { type RedisBroker, startRedisBroker } from "./support/redis-broker.ts";
import { issueRunnerToken, startRunner } from "./support/runner-process.ts";
import {
  apiClient,
  createAccountWithKey,
  type ServerProcess,
  startServer,
} from "./support/server-process.ts";
import { waitFor } from "./support/wait.ts";

const METRICS_TOKEN = "system-test-metrics-token-0123456789";
const OPERATOR_EMAIL = "operator@example.com";
const INTERVAL_SECONDS = 30;

interface Check {
  region: string;
  status: string;
  checked_at: string;
  planned_at?: string | number;
}

interface RegionStats {
  region: string;
  checks: number;
  missed: number;
}

/** One remote region: its namespace, the target on its own loopback, its runner. */
interface RemoteRegion {
  region: string;
  namespace: NetworkNamespace;
  targetPort: number;
  token: string;
  runner: RunningProcess;
  monitorId: string;
}

describe("checks from two regions served by runners in their own networks", () => {
  let dataDir: string;
  let broker: RedisBroker;
  let server: ServerProcess;
  let mail: SmtpSink;
  let api: ReturnType<typeof apiClient>;
  const regions: RemoteRegion[] = [];

  const adminEnv = () => ({ DATA_DIR: dataDir, DATABASE_URL: "" });
  const region = (name: string) => regions.find((candidate) => candidate.region === name)!;
  const checksOf = async (monitorId: string) => {
    const response = await api<{ data: Check[] }>(`/api/v1/monitors/${monitorId}/checks?limit=100`);
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const metrics = async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const servedRegions = async () => {
    const response = await api<{ regions: { region: string; served: boolean }[] }>(
      "/api/v1/regions",
    );
    return response.body.regions.filter((entry) => entry.served).map((entry) => entry.region);
  };

  beforeAll(async () => {
    removeAbandonedNamespaces();
    const block = freeAddressBlock();
    const namespaces = [createNamespace(block, 0), createNamespace(block, 1)];
    broker = await startRedisBroker([
      "127.0.0.1",
      ...namespaces.map((namespace) => namespace.hostAddress),
    ]);
    mail = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), "upwatch-system-regions-"));
    server = await startServer("the server", {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BROKER_URL: broker.url("127.0.0.1"),
      LOCAL_REGION: "us-west-1",
      ALLOW_PRIVATE_TARGETS: "true",
      METRICS_TOKEN,
      OPERATOR_EMAIL,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(mail.port),
    });
    api = apiClient(server.url, createAccountWithKey("enterprise", adminEnv()));

    for (const [index, name] of ["eu-west-1", "ap-southeast-2"].entries()) {
      const namespace = namespaces[index]!;
      const targetPort = await freeLoopbackPort();
      const target = namespace.exec(process.execPath, [
        "apps/server/test/system/support/loopback-target.mjs",
        String(targetPort),
        `${name} target`,
      ]);
      await startProcess(`the ${name} target`, target.command, target.args).waitForLine(
        /listening/,
        15_000,
      );
      const token = issueRunnerToken(`${name} system test`, name, adminEnv());
      const runner = startRunner(namespace, name, token, broker.url(namespace.hostAddress));
      regions.push({ region: name, namespace, targetPort, token, runner, monitorId: "" });
    }
    await waitFor(
      "both runners' regions to be served",
      async () => {
        const served = await servedRegions();
        return served.includes("eu-west-1") && served.includes("ap-southeast-2") ? true : undefined;
      },
      { timeoutMs: 30_000 },
    ).catch((error: Error) => {
      const logs = regions.map((entry) => `${entry.runner.name}:\n${tail(entry.runner.output())}`);
      throw new Error(`${error.message}\n${logs.join("\n")}\nserver:\n${tail(server.output())}`);
    });
  });

  afterAll(async () => {
    for (const entry of regions) await entry.runner.stop("SIGTERM");
    await server?.stop("SIGTERM");
    await broker?.stop();
    await mail?.close();
    cleanUpEverything();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores each monitor's results under its own region, checked by that region's runner", async () => {
    for (const entry of regions) {
      const created = await api<{ id: string; regions: string[] }>("/api/v1/monitors", {
        method: "POST",
        body: {
          type: "http",
          name: `Shop from ${entry.region}`,
          // Only this region's namespace has anything listening here.
          target: `http://127.0.0.1:${entry.targetPort}/`,
          regions: [entry.region],
          interval_seconds: INTERVAL_SECONDS,
          timeout_seconds: 5,
          failure_threshold: 1,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.regions).toEqual([entry.region]);
      entry.monitorId = created.body.id;
    }
    for (const entry of regions) {
      const checks = await waitFor(
        `a stored check of the ${entry.region} monitor`,
        async () => {
          const found = await checksOf(entry.monitorId);
          return found.length ? found : undefined;
        },
        { timeoutMs: 60_000, everyMs: 1000 },
      );
      expect(checks.map((check) => [check.region, check.status])).toEqual(
        checks.map(() => [entry.region, "up"]),
      );
    }
  });

  it("records a killed runner's checks as missed, opens no alert and tells the operator", async () => {
    const eu = region("eu-west-1");
    const ap = region("ap-southeast-2");
    const killedAt = Date.now();
    await eu.runner.stop("SIGKILL");

    const missed = await waitFor(
      "a missed eu-west-1 check in the monitor's stats",
      async () => {
        const stats = await api<{ regions?: RegionStats[] }>(
          `/api/v1/monitors/${eu.monitorId}/stats?range=24h`,
        );
        const entry = stats.body.regions?.find((candidate) => candidate.region === "eu-west-1");
        return entry && entry.missed > 0 ? entry.missed : undefined;
      },
      // The next planned time comes within an interval, and its round closes 20 s later.
      { timeoutMs: (INTERVAL_SECONDS + 45) * 1000, everyMs: 1000 },
    );
    expect(missed).toBeGreaterThan(0);

    const outageSeries = 'upwatch_region_outage{region="eu-west-1"}';
    await waitFor(
      "the eu-west-1 outage on /metrics",
      async () => (sample(await metrics(), outageSeries) === 1 ? true : undefined),
      { timeoutMs: 2 * INTERVAL_SECONDS * 1000 + 30_000, everyMs: 1000 },
    );
    expect(sample(await metrics(), 'upwatch_region_outage{region="ap-southeast-2"}')).toBe(0);
    const notice = server
      .logLines()
      .find(
        (line) =>
          Number(line.level) >= 40 &&
          JSON.stringify(line).includes("eu-west-1") &&
          /runner/i.test(String(line.msg)),
      );
    expect(notice, tail(server.output())).toBeDefined();
    const operatorMail = await waitFor(
      "the operator's mail about eu-west-1",
      () =>
        mail.received.find(
          (message) =>
            JSON.stringify(message.to).includes(OPERATOR_EMAIL) &&
            `${message.subject} ${message.text}`.includes("eu-west-1"),
        ),
      { timeoutMs: 20_000 },
    );
    expect(operatorMail.subject).toMatch(/eu-west-1/);

    const alerts = await api<{ data: unknown[] }>("/api/v1/alerts");
    expect(alerts.status).toBe(200);
    expect(alerts.body.data).toEqual([]);
    const monitor = await api<{ state: string; unserved_regions: string[] }>(
      `/api/v1/monitors/${eu.monitorId}`,
    );
    expect(monitor.body.state).not.toBe("down");
    expect(monitor.body.unserved_regions).toEqual(["eu-west-1"]);
    expect((await checksOf(eu.monitorId)).filter((check) => check.status !== "up")).toEqual([]);

    // The other region went on being checked all along.
    const apChecks = await checksOf(ap.monitorId);
    expect(apChecks.some((check) => Date.parse(check.checked_at) > killedAt)).toBe(true);
  });

  it("checks the region again once its runner is back", async () => {
    const eu = region("eu-west-1");
    const restartedAt = Date.now();
    eu.runner = startRunner(
      eu.namespace,
      eu.region,
      eu.token,
      broker.url(eu.namespace.hostAddress),
    );
    const resumed = await waitFor(
      "an eu-west-1 check after the runner's restart",
      async () =>
        (await checksOf(eu.monitorId)).find((check) => Date.parse(check.checked_at) > restartedAt),
      { timeoutMs: (INTERVAL_SECONDS + 20) * 1000, everyMs: 1000 },
    );
    expect([resumed.region, resumed.status]).toEqual(["eu-west-1", "up"]);
    await waitFor(
      "the eu-west-1 outage to end on /metrics",
      async () =>
        sample(await metrics(), 'upwatch_region_outage{region="eu-west-1"}') === 0
          ? true
          : undefined,
      { timeoutMs: 20_000, everyMs: 1000 },
    );
  });
});
