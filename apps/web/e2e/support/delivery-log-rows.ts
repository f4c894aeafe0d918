import { join } from "node:path";
import Database from "better-sqlite3";
import type { RunningProduct } from "./server.ts";

/**
 * Writes earlier delivered test attempts of a channel into a running product's SQLite database,
 * as the delivery worker writes them: tests are limited to a few an hour, the log's pages need
 * more attempts than that.
 */
export function addEarlierTestAttempts(
  product: RunningProduct,
  accountId: string,
  channelId: string,
  count: number,
) {
  const database = new Database(join(product.dataDir, "upwatch.db"));
  try {
    const insert = database.prepare(
      `INSERT INTO notification_deliveries (id, account_id, notification_id, channel_id,
        channel_type, alert_id, monitor_id, event, status, latency_ms, error, attempted_at)
       VALUES (?, ?, ?, ?, 'webhook', NULL, NULL, 'test', 'delivered', 12, NULL, ?)`,
    );
    const first = Date.now() - 3_600_000;
    for (let index = 0; index < count; index++) {
      insert.run(`dlv_seed${index}`, accountId, `msg_seed${index}`, channelId, first + index);
    }
  } finally {
    database.close();
  }
}
