import { HEARTBEAT_CHECK_REGION, lateHeartbeatOutcome, nextMissedDeadline } from "@upwatch/core";
import { type CheckIntake, standingOf, type Taken } from "../../check-intake/check-intake.ts";
import type { ServiceContext } from "../context.ts";
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
  intake: CheckIntake,
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
        return intake.take(
          trx,
          {
            monitorId: heartbeat.monitor_id,
            plannedAt: heartbeat.due_at,
            sightings: [
              {
                region: HEARTBEAT_CHECK_REGION,
                checkedAt: heartbeat.due_at,
                outcome: lateHeartbeatOutcome(heartbeat.options),
              },
            ],
          },
          standingOf(heartbeat),
        );
      }),
    ),
  );
  const taken: Taken[] = [];
  ended.forEach((end, index) => {
    if (end.status === "rejected") {
      log?.warn(
        { err: end.reason, monitorId: overdue[index]?.monitor_id },
        "recording a late heartbeat failed",
      );
      return;
    }
    if (end.value) taken.push(end.value);
  });
  intake.committed(taken);
  return taken.reduce((count, one) => count + one.records.length, 0);
}
