import { REGIONS } from "@upwatch/core";
import type { RunnerTable } from "@upwatch/db";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { newRunnerId, newRunnerToken } from "./runner-token.ts";

/** Registers a runner for a region and returns its token, shown this once and stored hashed. */
export async function issueRunnerToken(
  ctx: ServiceContext,
  input: { name: string; region: string },
): Promise<{ runner: RunnerTable; token: string }> {
  const name = input.name.trim();
  if (!/^[\w .-]{1,100}$/.test(name)) {
    throw new ServiceError(
      "invalid",
      "The runner's name must be 1 to 100 letters, digits, spaces, dots, dashes or underscores.",
    );
  }
  if (!(REGIONS as readonly string[]).includes(input.region)) {
    throw new ServiceError(
      "invalid",
      `${input.region.slice(0, 64)} is not a region Upwatch knows; choose one of ${REGIONS.join(", ")}.`,
    );
  }
  const id = newRunnerId();
  const { token, hash } = newRunnerToken(id);
  const runner: RunnerTable = {
    id,
    name,
    region: input.region,
    token_hash: hash,
    created_at: ctx.now(),
    revoked_at: null,
    last_seen_at: null,
    version: null,
  };
  await storeOrExplain("the runner", () => ctx.db.insertInto("runners").values(runner).execute());
  return { runner, token };
}
