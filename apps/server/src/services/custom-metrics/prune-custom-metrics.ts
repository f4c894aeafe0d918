import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import { AGENT_RAW_RETENTION_MS } from "../agent-history/prune-agent-history.ts";

const AGENTS_PER_STEP = 200;

/**
 * Deletes custom metrics' raw values older than the machine's raw samples (48 hours), and
 * rollups and series older than the agent's oldest machine rollup: run after the machine's
 * history is pruned, custom metrics keep exactly the history the agent's charts keep.
 */
export async function pruneCustomMetrics(db: Kysely<Database>, now: number): Promise<number> {
  let deleted = 0;
  const agents = await db.selectFrom("agents").select("id").orderBy("id").execute();
  for (let start = 0; start < agents.length; start += AGENTS_PER_STEP) {
    const raw = await db
      .deleteFrom("agent_custom_samples")
      .where(
        "agent_id",
        "in",
        agents.slice(start, start + AGENTS_PER_STEP).map((a) => a.id),
      )
      .where("sampled_at", "<", now - AGENT_RAW_RETENTION_MS)
      .executeTakeFirst();
    deleted += Number(raw.numDeletedRows);
  }
  const oldestKept = (table: "agent_custom_rollups" | "agent_custom_series") =>
    sql<number>`coalesce((select min(kept.period_start) from agent_rollups kept
      where kept.agent_id = ${sql.ref(`${table}.agent_id`)}), ${now - AGENT_RAW_RETENTION_MS})`;
  const rollups = await db
    .deleteFrom("agent_custom_rollups")
    .where("period_start", "<", oldestKept("agent_custom_rollups"))
    .executeTakeFirst();
  const series = await db
    .deleteFrom("agent_custom_series")
    .where("last_seen_at", "<", oldestKept("agent_custom_series"))
    .executeTakeFirst();
  return deleted + Number(rollups.numDeletedRows) + Number(series.numDeletedRows);
}
