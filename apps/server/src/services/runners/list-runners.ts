import type { RunnerTable } from "@upwatch/db";
import type { ServiceContext } from "../context.ts";

/** Every runner ever issued, revoked ones included, by region then age. */
export async function listRunners(ctx: ServiceContext): Promise<RunnerTable[]> {
  return ctx.db
    .selectFrom("runners")
    .selectAll()
    .orderBy("region")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
