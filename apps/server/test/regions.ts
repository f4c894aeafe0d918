import { brokerKeys, type CheckJob, type RunnerResult } from "@upwatch/broker";
import { testPrefix, testRedisUrl } from "@upwatch/broker/testing";
import { createNetworkAccess } from "@upwatch/checks";
import { type CheckOutcome, createMonitorSchema, type PlanId, type Region } from "@upwatch/core";
import { Redis } from "ioredis";
import { applyChecks } from "../src/alerting/index.ts";
import { CheckIntake } from "../src/check-intake/check-intake.ts";
import { MonitoringEngine } from "../src/engine/monitoring-engine.ts";
import type { ServerMetrics } from "../src/metrics/server-metrics.ts";
import type { Monitor } from "../src/records/monitor-record.ts";
import type { AccountAccess } from "../src/services/accounts/account-access.ts";
import { createServiceContext, type ServiceContext } from "../src/services/context.ts";
import { createMonitor } from "../src/services/monitors/create-monitor.ts";
import { IGNORE_MONITOR_CHANGES } from "../src/services/monitors/monitor-changes.ts";
import { regionDirectory } from "../src/services/regions/region-directory.ts";
import { issueRunnerToken } from "../src/services/runners/issue-runner-token.ts";
import { engineBroker } from "../src/wiring/engine-broker.ts";
import { createTestAccount } from "./accounts.ts";
import type { TestDatabase } from "./databases.ts";
import { TEST_SECRETS } from "./secrets.ts";

/** A clock that runs with real time, and can be moved ahead. */
export function movableClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

const quiet = { info() {}, warn() {}, error() {} };

/**
 * A leader's engine on a test database, reaching runners through the real broker under a key
 * prefix of its own; checks of the local region run in-process against loopback targets.
 */
export async function createRegionalEngine(
  database: TestDatabase,
  options: {
    localRegion?: string | null;
    operatorEmail?: string;
    plan?: PlanId;
    metrics?: ServerMetrics;
  } = {},
) {
  const url = testRedisUrl();
  const keys = testPrefix(url);
  const clock = movableClock();
  const ctx = createServiceContext(database.handle.db, TEST_SECRETS, { now: clock.now });
  const plan = options.plan ?? "business";
  const account = await createTestAccount(database, plan, ctx);
  const remote = engineBroker(ctx, {
    url,
    prefix: keys.prefix,
    log: quiet as never,
  });
  const logged: string[] = [];
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const engine = new MonitoringEngine({
    db: ctx.db,
    secrets: TEST_SECRETS,
    network: createNetworkAccess({ allowPrivateTargets: true }),
    concurrency: 10,
    log: {
      info: (_object, message) => logged.push(message),
      warn: (object, message) => {
        logged.push(message);
        warnings.push({ fields: object as Record<string, unknown>, message });
      },
      error: (_object, message) => logged.push(message),
    },
    now: clock.now,
    newId: ctx.newId,
    localRegion: options.localRegion === undefined ? "us-west-1" : options.localRegion,
    broker: remote.broker,
    operatorEmail: options.operatorEmail,
    flushIntervalMs: 50,
    regionWatchIntervalMs: 3_600_000,
    metrics: options.metrics,
    checks: new CheckIntake({
      alerting: {
        step: () => ({
          hook: (trx, records) =>
            applyChecks(
              trx,
              { now: clock.now, newId: ctx.newId, linkBase: "http://upwatch.test" },
              records,
            ),
          afterCommit: () => {},
        }),
      },
    }),
  });
  const access: AccountAccess = { accountId: account.accountId, plan };
  return {
    ctx,
    clock,
    engine,
    logged,
    warnings,
    url,
    prefix: keys.prefix,
    /** A monitor of the account, with its regions and rule set as stored. */
    async monitor(settings: {
      target: string;
      regions: string[];
      rule?: "any" | "majority" | "all";
      intervalSeconds?: number;
      failureThreshold?: number;
    }): Promise<Monitor> {
      const input = createMonitorSchema.parse({
        type: "http",
        name: `Site in ${settings.regions.join(" and ")}`,
        target: settings.target,
        interval_seconds: settings.intervalSeconds ?? 600,
        timeout_seconds: 5,
        failure_threshold: settings.failureThreshold ?? 1,
      });
      const monitor = await createMonitor(
        ctx,
        access,
        input,
        IGNORE_MONITOR_CHANGES,
        regionDirectory(ctx, { localRegion: "us-west-1" }),
      );
      await ctx.db
        .updateTable("monitors")
        .set({
          regions: JSON.stringify(settings.regions),
          region: settings.regions[0]!,
          region_rule: settings.rule ?? "majority",
        })
        .where("id", "=", monitor.id)
        .execute();
      return {
        ...monitor,
        region: settings.regions[0] as Region,
        regions: settings.regions as Region[],
        region_rule: settings.rule ?? "majority",
      };
    },
    /** A runner of `region` speaking the broker's protocol, driven by the test. */
    async runner(region: string) {
      const { runner, token } = await issueRunnerToken(ctx, { name: `test ${region}`, region });
      return testRunner(url, keys.prefix, { runnerId: runner.id, token, region });
    },
    /** A runner that sent a heartbeat the (started) engine accepted and counts as live. */
    async liveRunner(region: string) {
      const runner = await this.runner(region);
      await runner.heartbeat();
      await eventually(
        () =>
          ctx.db
            .selectFrom("runners")
            .select("last_seen_at")
            .where("id", "=", runner.runnerId)
            .executeTakeFirstOrThrow(),
        (row) => row.last_seen_at !== null,
      );
      await engine.checkRegions();
      return runner;
    },
    async close() {
      await engine.stop();
      await remote.close();
      await keys.clean();
    },
  };
}

/** What a runner sends and reads, done by hand so a test decides every answer. */
export function testRunner(
  url: string,
  prefix: string,
  identity: { runnerId: string; token: string; region: string },
) {
  const keys = brokerKeys(prefix);
  const redis = new Redis(url);
  const send = async (results: RunnerResult[], heartbeat: boolean) => {
    const report = {
      ...identity,
      version: "test",
      sentAt: Date.now(),
      results,
      heartbeat,
      inFlight: 0,
      capacity: 10,
    };
    await redis.xadd(keys.reports, "*", "report", JSON.stringify(report));
  };
  return {
    ...identity,
    heartbeat: () => send([], true),
    report: (results: RunnerResult[]) => send(results, false),
    /** Waits for jobs of its region (up to 5 s) and takes them. */
    async take(): Promise<CheckJob[]> {
      const stream = keys.checks(identity.region);
      const until = Date.now() + 5000;
      while (Date.now() < until) {
        await redis.xgroup("CREATE", stream, "runners", "0", "MKSTREAM").catch(() => undefined);
        const reply = (await redis.xreadgroup(
          "GROUP",
          "runners",
          identity.runnerId,
          "COUNT",
          100,
          "BLOCK",
          200,
          "STREAMS",
          stream,
          ">",
        )) as [string, [string, string[]][]][] | null;
        const entries = reply?.[0]?.[1] ?? [];
        if (entries.length) {
          await redis.xack(stream, "runners", ...entries.map(([id]) => id));
          return entries.map(([, fields]) => JSON.parse(fields[1]!) as CheckJob);
        }
      }
      return [];
    },
    /** Reports still unacknowledged by the server. */
    async unacknowledged(): Promise<number> {
      const summary = (await redis.xpending(keys.reports, "servers")) as [number];
      return summary[0];
    },
    close: () => redis.quit(),
  };
}

/** A runner's result for a job. */
export function resultOf(job: CheckJob, outcome: CheckOutcome): RunnerResult {
  return {
    monitorId: job.monitorId,
    region: job.region,
    plannedAt: job.plannedAt,
    startedAt: job.plannedAt + 5,
    jobId: job.jobId,
    outcome,
  };
}

export const DOWN: CheckOutcome = {
  status: "down",
  responseTimeMs: 40,
  timings: { dnsMs: null, connectMs: 2, tlsMs: null, firstByteMs: 38 },
  statusCode: 503,
  error: "Expected a 2xx or 3xx status but the server answered 503.",
};

export const UP: CheckOutcome = {
  status: "up",
  responseTimeMs: 30,
  timings: { dnsMs: null, connectMs: 2, tlsMs: null, firstByteMs: 28 },
  statusCode: 200,
  error: null,
};

/**
 * Resolves once `read` gives what `done` wants, trying every 25 ms for up to 12 s (a loaded
 * machine can take seconds; the test's own limit is 15 s), then answers the last value read.
 */
export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean) {
  const until = Date.now() + 12_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type { ServiceContext };
