import { isDeepStrictEqual } from "node:util";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { Monitor } from "../../records/monitor-record.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";
import { openHeldSettings, sealHeldSettings } from "./held-settings.ts";

/**
 * A person's change replaces what a smaller plan decided: pausing or resuming ends "paused by the
 * plan", and a new interval, new regions or new headers and authentication replace that setting
 * as the plan held it back. What the person did not change stays held, to be given back.
 */
export async function planMarksOfEdit(
  trx: Transaction<Database>,
  secrets: SecretBox,
  before: Monitor,
  after: Monitor,
): Promise<{ paused_by_plan?: number; plan_held?: string | null }> {
  const marks: { paused_by_plan?: number; plan_held?: string | null } = {};
  if (before.paused !== after.paused) marks.paused_by_plan = 0;
  const row = await trx
    .selectFrom("monitors")
    .select(["id", "plan_held"])
    .where("id", "=", before.id)
    .executeTakeFirst();
  const held = row ? openHeldSettings(row, secrets) : null;
  if (!held) return marks;
  const kept = { ...held };
  if (before.interval_seconds !== after.interval_seconds) delete kept.interval_seconds;
  if (!isDeepStrictEqual(before.regions, after.regions)) delete kept.regions;
  const sentHeaders = (options: Monitor["options"]) => [
    (options as { headers?: unknown }).headers ?? null,
    (options as { auth?: unknown }).auth ?? null,
  ];
  if (!isDeepStrictEqual(sentHeaders(before.options), sentHeaders(after.options))) {
    delete kept.headers;
    delete kept.auth;
  }
  marks.plan_held = sealHeldSettings(before.id, kept, secrets);
  return marks;
}
