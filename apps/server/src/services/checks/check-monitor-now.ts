import { AGENT_POLL_SECONDS } from "@upwatch/core";
import type { CheckResultTable } from "@upwatch/db";
import type { ImmediateChecks } from "../../engine/engine-ports.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import { ServiceError } from "../service-error.ts";

/** A monitor is checked by hand at most once in this long. */
export const CHECK_NOW_GAP_MS = 5000;

/**
 * Checks one of the account's monitors at once through the engine, stored and alerted on like a
 * scheduled check, and answers with the stored result. A paused monitor is not checked; one
 * checked in the last five seconds is refused, unless its check is still running (then joined).
 */
export async function checkMonitorNow(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  checks: ImmediateChecks | undefined,
): Promise<CheckResultTable> {
  const monitor = await getMonitor(ctx, access, monitorId);
  if (monitor.paused) {
    throw new ServiceError("conflict", "This monitor is paused. Resume it to check it.");
  }
  if (monitor.type === "heartbeat") {
    throw new ServiceError(
      "conflict",
      "A heartbeat monitor is checked by its job's pings, so it cannot be checked now: run the job, or call its ping URL.",
    );
  }
  if (monitor.run_from === "agent") {
    throw new ServiceError(
      "conflict",
      `This monitor runs from an agent: its checks run when the agent collects them, every ${AGENT_POLL_SECONDS} seconds, so it cannot be checked now.`,
    );
  }
  if (!checks) {
    throw new ServiceError(
      "unavailable",
      "This server does not run checks, so it cannot check now.",
    );
  }
  const check = await checks.checkNow(monitor, CHECK_NOW_GAP_MS);
  if (check.outcome === "too-soon") {
    throw new ServiceError(
      "rate-limited",
      "This monitor was checked a moment ago; wait a few seconds.",
    );
  }
  const row =
    check.outcome === "checked"
      ? await ctx.db
          .selectFrom("check_results")
          .selectAll()
          .where("monitor_id", "=", monitor.id)
          .where("checked_at", "=", check.checkedAt)
          .executeTakeFirst()
      : undefined;
  if (!row) {
    throw new ServiceError(
      "unavailable",
      "The check could not be completed just now; try again in a moment.",
    );
  }
  return row;
}
