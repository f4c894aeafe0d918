import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { storeCheckBatch } from "../apps/server/src/check-intake/store-checks.ts";
import { checkRecord } from "../apps/server/test/monitors.ts";

/**
 * Stores a check for every monitor at every minute of `minutes`, in that order and five minutes
 * to a batch, through the real batch writer. One check in 50 is down; latencies vary.
 */
export async function storeMinuteChecks(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  minutes: readonly number[],
  checkedAt: (minute: number, monitorIndex: number) => number,
): Promise<void> {
  for (let first = 0; first < minutes.length; first += 5) {
    const batch = [];
    for (const minute of minutes.slice(first, first + 5)) {
      for (const [index, id] of monitorIds.entries()) {
        const up = (minute + index) % 50 !== 0;
        batch.push(
          checkRecord(id, checkedAt(minute, index), up, 80 + ((minute * 7 + index) % 400)),
        );
      }
    }
    await storeCheckBatch(db, batch);
  }
}
