import type { RunnerTable } from "@upwatch/db";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/** Revokes a runner's token: the servers refuse it from now on. Revoking twice is fine. */
export async function revokeRunner(ctx: ServiceContext, runnerId: string): Promise<RunnerTable> {
  const runner = await ctx.db
    .selectFrom("runners")
    .selectAll()
    .where("id", "=", runnerId)
    .executeTakeFirst();
  if (!runner) throw new NotFoundError("runner");
  if (runner.revoked_at !== null) return runner;
  const revokedAt = ctx.now();
  await ctx.db
    .updateTable("runners")
    .set({ revoked_at: revokedAt })
    .where("id", "=", runnerId)
    .execute();
  return { ...runner, revoked_at: revokedAt };
}
