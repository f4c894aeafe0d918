import { revokedDetail, runnerIdOfToken } from "@upwatch/broker";
import type { RunnerTable } from "@upwatch/db";
import type { ServiceContext } from "../context.ts";
import { tokenMatchesHash } from "./runner-token.ts";

const ISSUE = "issue one with npm run admin -- runner add";

/** Verifies a report's token: the runner row when valid and of that region, else a refusal sentence. */
export async function verifyRunnerToken(
  ctx: ServiceContext,
  token: string,
  region: string,
): Promise<{ ok: true; runner: RunnerTable } | { ok: false; detail: string }> {
  const runnerId = runnerIdOfToken(token);
  if (!runnerId) return { ok: false, detail: `This is not a runner token; ${ISSUE}.` };
  const runner = await ctx.db
    .selectFrom("runners")
    .selectAll()
    .where("id", "=", runnerId)
    .executeTakeFirst();
  // An unknown id and a wrong secret read the same, so the answer tells nothing about either.
  if (!runner || !tokenMatchesHash(token, runner.token_hash)) {
    return { ok: false, detail: `This Upwatch knows no runner with this token; ${ISSUE}.` };
  }
  if (runner.revoked_at !== null) return { ok: false, detail: revokedDetail(runner.revoked_at) };
  if (runner.region !== region) {
    return {
      ok: false,
      detail: `This token belongs to a runner of ${runner.region}, not ${region.slice(0, 64)}.`,
    };
  }
  return { ok: true, runner };
}
