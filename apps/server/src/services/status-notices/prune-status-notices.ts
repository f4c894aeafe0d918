import type { ServiceContext } from "../context.ts";

/** How long a fanned-out notice is kept (its mails live on in the outbox). */
export const NOTICE_RETENTION_MS = 30 * 86_400_000;

/** Deletes notices whose mails were all queued long ago; answers how many. */
export async function pruneStatusNotices(ctx: Pick<ServiceContext, "db" | "now">): Promise<number> {
  const result = await ctx.db
    .deleteFrom("status_notices")
    .where("done_at", "is not", null)
    .where("done_at", "<", ctx.now() - NOTICE_RETENTION_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
