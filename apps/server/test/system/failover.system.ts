import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cleanUpEverything } from "./support/cleanup.ts";
import { tail } from "./support/processes.ts";
import {
  apiClient,
  createAccountWithKey,
  type ServerProcess,
  startServer,
} from "./support/server-process.ts";
import { pause, waitFor } from "./support/wait.ts";

const MONITORS = 40;
const INTERVAL_MS = 30_000;
const TIMEOUT_SECONDS = 5;
const TAKEOVER_LIMIT_MS = 10_000;

interface StoredCheck {
  monitor_id: string;
  region: string;
  planned_at: number;
  checked_at: number;
}

/** A loopback HTTP target that notes when each monitor's path was requested. */
async function startCountingTarget() {
  const hits = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, [...(hits.get(path) ?? []), Date.now()]);
    response.writeHead(200, { "content-type": "text/plain" }).end("ok\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("two servers on one PostgreSQL database when the one planning checks dies", () => {
  const schema = `${inject("postgresSchemaPrefix")}failover_${randomBytes(4).toString("hex")}`;
  const databaseUrl = (() => {
    const url = new URL(inject("postgresUrl"));
    url.searchParams.set("options", `-c search_path=${schema}`);
    return url.toString();
  })();
  const database = new pg.Client({ connectionString: inject("postgresUrl") });
  let target: Awaited<ReturnType<typeof startCountingTarget>>;
  const servers: ServerProcess[] = [];
  let killedAt = 0;
  let survivor: ServerProcess;
  const monitorIds: string[] = [];

  const env = () => ({
    DATABASE_URL: databaseUrl,
    ALLOW_PRIVATE_TARGETS: "true",
    LOCAL_REGION: "us-west-1",
  });
  // The leader says so in its log when it takes the lead.
  const leads = async (server: ServerProcess) =>
    server.output().includes("this process is now the leader");
  const storedChecks = async () =>
    (
      await database.query<StoredCheck>(
        `select monitor_id, region, planned_at, checked_at from "${schema}".check_results
         order by planned_at`,
      )
    ).rows.map((row) => ({
      ...row,
      planned_at: Number(row.planned_at),
      checked_at: Number(row.checked_at),
    }));

  beforeAll(async () => {
    await database.connect();
    await database.query(`create schema "${schema}"`);
    target = await startCountingTarget();
    servers.push(await startServer("the first server", env()));
    servers.push(await startServer("the second server", env()));
    const api = apiClient(servers[0]!.url, createAccountWithKey("enterprise", env()));
    for (let index = 0; index < MONITORS; index += 1) {
      const created = await api<{ id: string }>("/api/v1/monitors", {
        method: "POST",
        body: {
          type: "http",
          name: `Service ${index}`,
          target: `http://127.0.0.1:${target.port}/monitor-${index}`,
          interval_seconds: INTERVAL_MS / 1000,
          timeout_seconds: TIMEOUT_SECONDS,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      monitorIds.push(created.body.id);
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.stop("SIGTERM");
    await target?.close();
    // The schema goes with the run's others when it ends (see the global setup).
    await database.end().catch(() => {});
    cleanUpEverything();
  });

  it("has exactly one of them plan checks", async () => {
    const leaders = await waitFor(
      "one leader among the two servers",
      async () => {
        const found: ServerProcess[] = [];
        for (const server of servers) if (await leads(server)) found.push(server);
        return found.length === 1 ? found : undefined;
      },
      { timeoutMs: 20_000 },
    );
    // A full interval, so every monitor has been checked on its plan before the leader dies.
    await pause(INTERVAL_MS + 2_000);
    const leader = leaders[0]!;
    survivor = servers.find((server) => server !== leader)!;
    expect(await leads(survivor)).toBe(false);
    killedAt = Date.now();
    await leader.stop("SIGKILL");
  });

  it("has the other take over within ten seconds", async () => {
    await waitFor(
      "the surviving server to lead",
      async () => ((await leads(survivor)) ? true : undefined),
      {
        timeoutMs: TAKEOVER_LIMIT_MS,
        everyMs: 250,
      },
    );
    const resumed = await waitFor(
      "a check stored after the leader died",
      async () => (await storedChecks()).find((check) => check.checked_at > killedAt),
      { timeoutMs: TAKEOVER_LIMIT_MS + 5_000, everyMs: 500 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${tail(survivor.output())}`);
    });
    expect(resumed.checked_at - killedAt).toBeLessThanOrEqual(TAKEOVER_LIMIT_MS);
  });

  it("checks each monitor once per planned time, skipping none outside the takeover", async () => {
    // Every monitor comes round once more after the takeover.
    await pause(Math.max(0, killedAt + TAKEOVER_LIMIT_MS + INTERVAL_MS + 5_000 - Date.now()));
    const checks = await storedChecks();
    const missed = await database.query<Omit<StoredCheck, "checked_at">>(
      `select monitor_id, region, planned_at from "${schema}".missed_checks`,
    );
    // A planned check is stored once: as a result or as missed, never twice nor as both.
    const identities = [...checks, ...missed.rows].map(
      (check) => `${check.monitor_id} ${check.region} ${Number(check.planned_at)}`,
    );
    expect(new Set(identities).size).toBe(identities.length);

    // Planned times of a monitor follow each other one interval apart; the ones missing may
    // only be those the dead leader had in hand or that fell in the takeover.
    const gapStart = killedAt - (TIMEOUT_SECONDS + 2) * 1000;
    const gapEnd = killedAt + TAKEOVER_LIMIT_MS;
    const skipped: string[] = [];
    for (const id of monitorIds) {
      const planned = checks
        .filter(
          (check) => check.monitor_id === id && check.planned_at > killedAt - INTERVAL_MS - 5_000,
        )
        .map((check) => check.planned_at);
      expect(planned.length, `checks of ${id}`).toBeGreaterThanOrEqual(2);
      for (let index = 1; index < planned.length; index += 1) {
        for (let at = planned[index - 1]! + INTERVAL_MS; at < planned[index]!; at += INTERVAL_MS) {
          if (at < gapStart || at > gapEnd) skipped.push(`${id} at ${new Date(at).toISOString()}`);
        }
      }
    }
    expect(skipped).toEqual([]);

    // No planned time was checked twice: the target never saw one monitor twice within an
    // interval around the takeover.
    const doubled: string[] = [];
    for (const [path, times] of target.hits) {
      const recent = times.filter((time) => time > killedAt - INTERVAL_MS);
      for (let index = 1; index < recent.length; index += 1) {
        if (recent[index]! - recent[index - 1]! < INTERVAL_MS / 2) doubled.push(path);
      }
    }
    expect(doubled).toEqual([]);
  });
});
