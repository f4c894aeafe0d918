import { type Monitor, monitorFromRow } from "../records/monitor-record.ts";
import type { ServiceContext } from "../services/context.ts";

/** Reads a monitor as stored, whatever its account; undefined when it is gone. */
export type LoadMonitor = (monitorId: string) => Promise<Monitor | undefined>;

/** Reads monitors from the database the context works on. */
export function monitorLoader(ctx: Pick<ServiceContext, "db" | "secrets">): LoadMonitor {
  return async (monitorId) => {
    const row = await ctx.db
      .selectFrom("monitors")
      .selectAll()
      .where("id", "=", monitorId)
      .executeTakeFirst();
    return row ? monitorFromRow(row, ctx.secrets) : undefined;
  };
}
