import {
  getPlan,
  monitorAllowedOn,
  monitorCountViolation,
  monitorSettingsViolation,
  type Plan,
  type Region,
  reasonText,
  withExtras,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { purchasedExtras } from "../../billing/purchased-extras.ts";
import type { Monitor, MonitorSettings } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { isPlanId } from "../accounts/create-account.ts";
import { ServiceError } from "../service-error.ts";

/**
 * Throws a plan-limit ServiceError when the plan does not allow these monitor settings;
 * `defaultRegion` is the deployment's, the one plans without a choice of region run from.
 */
export function enforceMonitorSettings(
  access: AccountAccess,
  settings: MonitorSettings,
  defaultRegion: Region,
): void {
  const violation = monitorSettingsViolation(getPlan(access.plan), settings, defaultRegion);
  if (violation) throw new ServiceError("plan-limit", violation.detail);
}

/** Throws a plan-limit ServiceError when the account already has as many monitors as its plan allows. */
export async function enforceMonitorCount(
  db: Kysely<Database>,
  access: AccountAccess,
  now: number,
): Promise<void> {
  const { count } = await db
    .selectFrom("monitors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", access.accountId)
    .executeTakeFirstOrThrow();
  const violation = monitorCountViolation(await planNow(db, access, now), Number(count));
  if (violation) throw new ServiceError("plan-limit", violation.detail);
}

/**
 * Throws a plan-limit ServiceError when resuming `monitor` would break the plan: its check type
 * or agent is not included, or as many monitors as the plan allows are active already.
 */
export async function enforceResumable(
  db: Kysely<Database>,
  access: AccountAccess,
  monitor: Pick<Monitor, "type" | "run_from" | "name">,
  now: number,
): Promise<void> {
  const plan = await planNow(db, access, now);
  const reason = monitorAllowedOn(plan, monitor);
  if (reason) {
    throw new ServiceError(
      "plan-limit",
      `${monitor.name} cannot be resumed: ${reasonText(reason, plan)}.`,
    );
  }
  const limit = plan.limits.monitors;
  if (limit === null) return;
  const { count } = await db
    .selectFrom("monitors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", access.accountId)
    .where("paused", "=", 0)
    .executeTakeFirstOrThrow();
  if (Number(count) < limit) return;
  throw new ServiceError(
    "plan-limit",
    `Your ${plan.name} plan allows ${limit.toLocaleString("en-US")} active monitors. Pause another monitor or upgrade your plan to resume this one.`,
  );
}

/**
 * The account's plan as stored now, with the extras it pays for: called under the account's
 * lock, it sees a plan change that committed while this request waited, which the request's own
 * copy of the plan predates.
 */
async function planNow(db: Kysely<Database>, access: AccountAccess, now: number): Promise<Plan> {
  const account = await db
    .selectFrom("accounts")
    .select("plan")
    .where("id", "=", access.accountId)
    .executeTakeFirst();
  const plan = getPlan(account && isPlanId(account.plan) ? account.plan : access.plan);
  return withExtras(plan, await purchasedExtras(db, access.accountId, now));
}
