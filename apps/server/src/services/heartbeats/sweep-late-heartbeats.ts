import { lateHeartbeatOutcome, nextMissedDeadline } from "@upwatch/core";
import type { CheckRecord } from "../../engine/result-rows.ts";
import type { TaskAlertingStep, TaskCheckHooks } from "../agent-tasks/task-check-hooks.ts";
import type { ServiceContext } from "../context.ts";
import { storeHeartbeatCheck } from "./heartbeat-check.ts";
import { lockedHeartbeat } from "./locked-heartbeat.ts";

/** Late heartbeats recorded per sweep; the next sweep takes the rest. */
const PER_SWEEP = 500;

/** Where a failure of one heartbeat is told, the others carrying on. */
export interface SweepLog {
  warn(details: object, message: string): void;
}

/**
 * Records a down check for each active heartbeat monitor whose ping is overdue, once per missed
 * deadline (the check is planned at the deadline, so two sweeps record it once), and moves its
 * deadline one period on. Returns how many late checks were recorded.
 */
export async function sweepLateHeartbeats(
  ctx: ServiceContext,
  hooks: TaskCheckHooks,
  log?: SweepLog,
): Promise<number> {
  const now = ctx.now();
  const overdue = await ctx.db
    .selectFrom("heartbeats")
    .innerJoin("monitors", "monitors.id", "heartbeats.monitor_id")
    .select(["heartbeats.monitor_id", "heartbeats.due_at"])
    .where("heartbeats.due_at", "<=", now)
    .where("monitors.paused", "=", 0)
    .orderBy("heartbeats.due_at")
    .limit(PER_SWEEP)
    .execute();
  const ended = await Promise.allSettled(
    overdue.map((late) =>
      ctx.transact(async (trx) => {
        const heartbeat = await lockedHeartbeat(trx, ctx.secrets, { monitorId: late.monitor_id });
        // A ping or another sweep moved the deadline meanwhile.
        if (!heartbeat || heartbeat.paused || heartbeat.due_at > now) return undefined;
        await trx
          .updateTable("heartbeats")
          .set({ due_at: nextMissedDeadline(heartbeat.due_at, now, heartbeat.options) })
          .where("monitor_id", "=", heartbeat.monitor_id)
          .execute();
        const step: TaskAlertingStep = hooks.alerting();
        const records = await storeHeartbeatCheck(
          trx,
          heartbeat,
          {
            outcome: lateHeartbeatOutcome(heartbeat.options),
            checkedAt: heartbeat.due_at,
            plannedAt: heartbeat.due_at,
          },
          step,
        );
        return { records, step };
      }),
    ),
  );
  const stored: CheckRecord[] = [];
  ended.forEach((end, index) => {
    if (end.status === "rejected") {
      log?.warn(
        { err: end.reason, monitorId: overdue[index]?.monitor_id },
        "recording a late heartbeat failed",
      );
      return;
    }
    if (!end.value) return;
    end.value.step.afterCommit();
    stored.push(...end.value.records);
  });
  hooks.stored(stored);
  return stored.length;
}
