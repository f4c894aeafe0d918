import { MAX_CHECK_PAGE_SIZE } from "@upwatch/core";
import type { CheckResultTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";

export interface CheckResultPage {
  results: CheckResultTable[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

/** A monitor's recent results, newest first, a page at a time (keyset on the check time). */
export async function listCheckResults(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  page: { limit: number; before?: number | undefined },
): Promise<CheckResultPage> {
  await getMonitor(ctx, access, monitorId);
  const limit = Math.min(Math.max(1, page.limit), MAX_CHECK_PAGE_SIZE);
  let query = ctx.db
    .selectFrom("check_results")
    .selectAll()
    .where("monitor_id", "=", monitorId)
    .orderBy("checked_at", "desc")
    .limit(limit + 1);
  if (page.before !== undefined) query = query.where("checked_at", "<", page.before);
  const rows = await query.execute();
  const results = rows.slice(0, limit);
  const nextBefore = rows.length > limit ? (results.at(-1)?.checked_at ?? null) : null;
  return { results, nextBefore };
}
