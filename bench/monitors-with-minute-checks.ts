import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "@upwatch/db";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { storeMinuteChecks } from "./minute-checks.ts";

/**
 * Seeds an Enterprise+ account with `monitors` up monitors, each checked once a minute for the
 * `checksPerMonitor` minutes before `now`, stored with their rollups by the real batch writer.
 */
export async function seedMonitorsWithMinuteChecks(
  handle: DatabaseHandle,
  account: { id: string; name: string },
  { monitors, checksPerMonitor, now }: { monitors: number; checksPerMonitor: number; now: number },
): Promise<void> {
  await handle.db
    .insertInto("accounts")
    .values({ id: account.id, name: account.name, plan: "enterprise", created_at: 0 })
    .execute();
  const ids = Array.from(
    { length: monitors },
    (_, i) => `mon_${i}_${randomBytes(6).toString("hex")}`,
  );
  await handle.db
    .insertInto("monitors")
    .values(
      ids.map((id, index) =>
        benchMonitorRow(id, account.id, {
          state: "up",
          consecutive_successes: 1,
          last_checked_at: now - 60_000 + index,
          created_at: index,
          updated_at: index,
        }),
      ),
    )
    .execute();
  const minutes = Array.from({ length: checksPerMonitor }, (_, i) => checksPerMonitor - i);
  await storeMinuteChecks(
    handle.db,
    ids,
    minutes,
    (minute, index) => now - minute * 60_000 + index,
  );
}
