import {
  type CheckType,
  describePlanChange,
  getPlan,
  type PlanChange,
  type PlanId,
} from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";

/** A plan change as the account reads it. */
export interface PlanChangeView {
  notice: {
    id: string;
    fromPlan: PlanId;
    toPlan: PlanId;
    createdAt: number;
    changes: {
      kind: PlanChange["kind"];
      sentence: string;
      monitorId: string | null;
      channelId: string | null;
    }[];
  } | null;
  pausedByPlan: { id: string; name: string; type: CheckType }[];
  activeMonitors: number;
  /** Null when the plan has no limit. */
  monitorLimit: number | null;
}

/**
 * The latest plan change nobody dismissed, its changes in sentences, the monitors still paused
 * by a plan change (oldest first) and how many monitors are active of the plan's limit.
 */
export async function getPlanChange(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<PlanChangeView> {
  const row = await ctx.db
    .selectFrom("plan_changes")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .where("dismissed_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const paused = await ctx.db
    .selectFrom("monitors")
    .select(["id", "name", "type"])
    .where("account_id", "=", access.accountId)
    .where("paused_by_plan", "=", 1)
    .where("paused", "=", 1)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const { count } = await ctx.db
    .selectFrom("monitors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", access.accountId)
    .where("paused", "=", 0)
    .executeTakeFirstOrThrow();
  const plan = getPlan(access.plan);
  return {
    notice: row ? noticeOf(row) : null,
    pausedByPlan: paused.map((monitor) => ({ ...monitor, type: monitor.type as CheckType })),
    activeMonitors: Number(count),
    monitorLimit: plan.limits.monitors,
  };
}

function noticeOf(row: {
  id: string;
  from_plan: string;
  to_plan: string;
  created_at: number;
  changes: string;
}): PlanChangeView["notice"] {
  const to = getPlan(row.to_plan as PlanId);
  const changes = JSON.parse(row.changes) as PlanChange[];
  return {
    id: row.id,
    fromPlan: row.from_plan as PlanId,
    toPlan: to.id,
    createdAt: Number(row.created_at),
    changes: changes.map((change) => ({
      kind: change.kind,
      sentence: describePlanChange(change, to),
      monitorId: "monitor_id" in change ? change.monitor_id : null,
      channelId: "channel_id" in change ? change.channel_id : null,
    })),
  };
}
