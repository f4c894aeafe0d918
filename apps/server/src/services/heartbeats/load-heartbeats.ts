import type { HeartbeatSignal } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { Monitor } from "../../records/monitor-record.ts";
import { placeOf, type SecretBox } from "../../secrets/secret-box.ts";
import { pingUrlOf } from "./heartbeat-token.ts";

/** A heartbeat monitor's ping URL and what its last pings said, as its monitor shows them. */
export interface HeartbeatView {
  /** Null for those who may not manage monitors (see `heartbeatsFor`). */
  pingUrl: string | null;
  lastPingAt: number | null;
  lastStartedAt: number | null;
  lastRunMs: number | null;
  lastSignal: HeartbeatSignal | null;
  lastBody: string | null;
}

const CHUNK = 500;

/** The heartbeats of the heartbeat monitors among `monitors`, by monitor id. */
export async function loadHeartbeats(
  db: Kysely<Database>,
  secrets: SecretBox,
  publicUrl: string,
  monitors: readonly Monitor[],
): Promise<Map<string, HeartbeatView>> {
  const ids = monitors.filter((monitor) => monitor.type === "heartbeat").map((m) => m.id);
  const views = new Map<string, HeartbeatView>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom("heartbeats")
      .selectAll()
      .where("monitor_id", "in", ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) {
      const token = secrets.open(
        row.token_sealed,
        placeOf("heartbeats", "token_sealed", row.monitor_id),
      );
      views.set(row.monitor_id, {
        pingUrl: pingUrlOf(publicUrl, token),
        lastPingAt: numberOrNull(row.last_ping_at),
        lastStartedAt: numberOrNull(row.last_started_at),
        lastRunMs: numberOrNull(row.last_run_ms),
        lastSignal: (row.last_signal as HeartbeatSignal | null) ?? null,
        lastBody: row.last_body,
      });
    }
  }
  return views;
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
