import { type HeartbeatOptions, heartbeatDueAt } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { placeOf, type SecretBox } from "../../secrets/secret-box.ts";
import { hashHeartbeatToken, newHeartbeatToken } from "./heartbeat-token.ts";

/** The token's columns: its hash to find it by, and itself sealed to show it again. */
export function tokenColumns(monitorId: string, token: string, secrets: SecretBox) {
  return {
    token_hash: hashHeartbeatToken(token),
    token_sealed: secrets.seal(token, placeOf("heartbeats", "token_sealed", monitorId)),
  };
}

/**
 * Gives a heartbeat monitor its ping URL, or keeps the one it has, and starts its clock: the
 * first ping is due one period and the grace time after `now`.
 */
export async function keepHeartbeat(
  trx: Kysely<Database>,
  secrets: SecretBox,
  monitorId: string,
  options: HeartbeatOptions,
  now: number,
): Promise<void> {
  const existing = await trx
    .selectFrom("heartbeats")
    .select("monitor_id")
    .where("monitor_id", "=", monitorId)
    .executeTakeFirst();
  if (!existing) {
    await trx
      .insertInto("heartbeats")
      .values({
        monitor_id: monitorId,
        ...tokenColumns(monitorId, newHeartbeatToken(), secrets),
        due_at: heartbeatDueAt(now, options),
        created_at: now,
      })
      .execute();
    return;
  }
  await restartHeartbeatClock(trx, monitorId, options, now);
}

/**
 * Starts the wait for the next ping afresh, after the settings changed or the monitor was
 * resumed: a change or a pause never makes the job late at once.
 */
export async function restartHeartbeatClock(
  trx: Kysely<Database>,
  monitorId: string,
  options: HeartbeatOptions,
  now: number,
): Promise<void> {
  await trx
    .updateTable("heartbeats")
    .set({ due_at: heartbeatDueAt(now, options) })
    .where("monitor_id", "=", monitorId)
    .execute();
}
