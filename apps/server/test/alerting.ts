import {
  applyCheckResult,
  type CheckOutcome,
  createMonitorSchema,
  getPlan,
  type MonitorHealth,
  type PlanId,
  UNKNOWN_HEALTH,
} from "@upwatch/core";
import type { NotificationTable } from "@upwatch/db";
import { type AlertingContext, applyChecks, runDueEscalations } from "../src/alerting/index.ts";
import type { CheckRecord } from "../src/check-intake/check-record.ts";
import { storeCheckBatch } from "../src/check-intake/store-checks.ts";
import type { AccountAccess } from "../src/services/accounts/account-access.ts";
import { createServiceContext } from "../src/services/context.ts";
import { createMonitor } from "../src/services/monitors/create-monitor.ts";
import { IGNORE_MONITOR_CHANGES } from "../src/services/monitors/monitor-changes.ts";
import { regionDirectory } from "../src/services/regions/region-directory.ts";
import { createTestAccount } from "./accounts.ts";
import type { TestDatabase } from "./databases.ts";
import { TEST_SECRETS } from "./secrets.ts";

/** 2027-01-15T08:00:00Z: a fixed start for controlled clocks. */
export const CLOCK_START = Date.UTC(2027, 0, 15, 8);

export interface MonitorSettings {
  type?: "http" | "ssl";
  target?: string;
  failureThreshold?: number;
  recoveryConfirmations?: number;
}

/**
 * Drives the real alerting services on a test database with a controlled clock: checks are
 * stored as the engine stores them (health rules, one batch per check), escalations run at
 * their exact due times.
 */
export async function createAlertingHarness(database: TestDatabase, plan: PlanId = "hobby") {
  const db = database.handle.db;
  const clock = { now: CLOCK_START };
  const ctx = createServiceContext(db, TEST_SECRETS, { now: () => clock.now });
  const actx: AlertingContext = { now: ctx.now, newId: ctx.newId, linkBase: "http://upwatch.test" };
  const account = await createTestAccount(database, plan, ctx);
  const access: AccountAccess = { accountId: account.accountId, plan };
  const health = new Map<string, MonitorHealth>();
  const rules = new Map<string, { failureThreshold: number; recoveryConfirmations: number }>();

  const harness = {
    db,
    clock,
    ctx,
    actx,
    account,
    access,
    async monitor(name: string, settings: MonitorSettings = {}) {
      const type = settings.type ?? "http";
      const input = createMonitorSchema.parse({
        type,
        name,
        target: settings.target ?? (type === "ssl" ? "shop.example.com" : "https://example.com/"),
        interval_seconds: getPlan(plan).limits.minIntervalSeconds,
        failure_threshold: settings.failureThreshold ?? 3,
        recovery_confirmations: settings.recoveryConfirmations ?? 1,
      });
      const monitor = await createMonitor(
        ctx,
        access,
        input,
        IGNORE_MONITOR_CHANGES,
        regionDirectory(ctx, { localRegion: "us-west-1" }),
      );
      health.set(monitor.id, UNKNOWN_HEALTH);
      rules.set(monitor.id, {
        failureThreshold: input.failure_threshold,
        recoveryConfirmations: input.recovery_confirmations,
      });
      return monitor;
    },
    /** Stores one check of the monitor at the clock's time, as the engine's writer does. */
    async check(monitorId: string, up: boolean, extra: Partial<CheckOutcome> = {}) {
      const next = applyCheckResult(health.get(monitorId)!, up, rules.get(monitorId));
      health.set(monitorId, next.health);
      const record: CheckRecord = {
        monitorId,
        checkedAt: clock.now,
        plannedAt: clock.now,
        region: "eu-west-1",
        outcome: {
          status: up ? "up" : "down",
          responseTimeMs: up ? 120 : 1240,
          timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
          statusCode: up ? 200 : 503,
          error: up ? null : "Expected a 2xx or 3xx status but the server answered 503.",
          ...extra,
        },
        health: next.health,
        transition: next.transition,
      };
      // Checks at one instant stand for checks moments apart; a stored check's identity is
      // unique, so the one before at this instant makes way.
      await db
        .deleteFrom("check_results")
        .where("monitor_id", "=", monitorId)
        .where("planned_at", "=", clock.now)
        .execute();
      await storeCheckBatch(db, [record], (trx, records) => applyChecks(trx, actx, records));
      return next.transition;
    },
    /** Runs the escalation ticker at the clock's time. */
    runDue(options: { includeHeld?: boolean } = {}) {
      return runDueEscalations(db, actx, options);
    },
    /** Moves the clock forward, running every escalation at its exact due time before `until`. */
    async advanceBefore(until: number) {
      for (;;) {
        const next = await db
          .selectFrom("alerts")
          .select((eb) => eb.fn.min("next_due_at").as("due"))
          .where("account_id", "=", account.accountId)
          .where("state", "=", "open")
          .where("acknowledged_at", "is", null)
          .where("held", "=", 0)
          .executeTakeFirst();
        const due = next?.due === null || next?.due === undefined ? null : Number(next.due);
        if (due === null || due >= until) break;
        clock.now = Math.max(clock.now, due);
        await runDueEscalations(db, actx);
      }
      clock.now = Math.max(clock.now, until);
    },
    async notifications(monitorId?: string): Promise<NotificationTable[]> {
      let query = db
        .selectFrom("notifications")
        .selectAll()
        .where("account_id", "=", account.accountId)
        .orderBy("created_at")
        .orderBy("id");
      if (monitorId) query = query.where("monitor_id", "=", monitorId);
      return query.execute();
    },
    alerts(monitorId: string) {
      return db
        .selectFrom("alerts")
        .selectAll()
        .where("monitor_id", "=", monitorId)
        .orderBy("opened_at")
        .execute();
    },
  };
  return harness;
}

export type AlertingHarness = Awaited<ReturnType<typeof createAlertingHarness>>;
