import {
  getPlan,
  monitorCountViolation,
  monitorSettingsViolation,
  type Region,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { ServiceError } from "../service-error.ts";
import type { MonitorSettings } from "./monitor-record.ts";

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
): Promise<void> {
  const { count } = await db
    .selectFrom("monitors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", access.accountId)
    .executeTakeFirstOrThrow();
  const violation = monitorCountViolation(getPlan(access.plan), Number(count));
  if (violation) throw new ServiceError("plan-limit", violation.detail);
}
