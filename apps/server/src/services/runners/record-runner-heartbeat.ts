import type { ServiceContext } from "../context.ts";

/** Notes that an accepted runner was alive at `at`, running `version`. */
export async function recordRunnerHeartbeat(
  ctx: ServiceContext,
  runnerId: string,
  heartbeat: { at: number; version: string },
): Promise<void> {
  await ctx.db
    .updateTable("runners")
    .set({ last_seen_at: heartbeat.at, version: heartbeat.version.slice(0, 64) })
    .where("id", "=", runnerId)
    .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", heartbeat.at)]))
    .execute();
}
