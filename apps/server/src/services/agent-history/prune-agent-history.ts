import { HISTORY_DAYS_CHOICE } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { historyClasses } from "../../records/history-classes.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Raw samples feed the charts of the last 24 hours; two days are kept. */
export const AGENT_RAW_RETENTION_MS = 48 * HOUR_MS;
/** Half-hour rollups are kept for the plan's history, and never less than this. */
export const AGENT_ROLLUP_MIN_RETENTION_DAYS = 30;
/** A replay comes within the hour an agent buffers; batch ids are kept a little longer. */
export const AGENT_BATCH_RETENTION_MS = 2 * HOUR_MS;
const AGENTS_PER_STEP = 200;

export interface AgentPruneCounts {
  samples: number;
  rollups: number;
  batches: number;
}

/**
 * Deletes raw samples (machine and disks) older than 48 hours, half-hour rollups older than the
 * account's history (at least 30 days) and batch ids older than 2 hours, a group of agents per
 * statement so none holds the database for long.
 */
export async function pruneAgentHistory(
  db: Kysely<Database>,
  now: number,
  maxHistoryDays: number = HISTORY_DAYS_CHOICE.defaultMax,
): Promise<AgentPruneCounts> {
  const counts: AgentPruneCounts = { samples: 0, rollups: 0, batches: 0 };
  const classes = await historyClasses(db, maxHistoryDays);
  const rollupCutoffs = new Set<number>();
  const agents: Array<{ id: string; cutoff: number }> = [];
  for (const { days, accounts } of classes) {
    const cutoff = now - Math.max(days, AGENT_ROLLUP_MIN_RETENTION_DAYS) * DAY_MS;
    rollupCutoffs.add(cutoff);
    const ofClass = await db
      .selectFrom("agents")
      .select("id")
      .where("account_id", "in", accounts)
      .execute();
    for (const agent of ofClass) agents.push({ id: agent.id, cutoff });
  }
  agents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rawCutoff = now - AGENT_RAW_RETENTION_MS;
  for (let start = 0; start < agents.length; start += AGENTS_PER_STEP) {
    const group = agents.slice(start, start + AGENTS_PER_STEP);
    const ids = group.map((agent) => agent.id);
    for (const table of ["agent_samples", "agent_disk_samples"] as const) {
      const deleted = await db
        .deleteFrom(table)
        .where("agent_id", "in", ids)
        .where("sampled_at", "<", rawCutoff)
        .executeTakeFirst();
      counts.samples += Number(deleted.numDeletedRows);
    }
    for (const cutoff of rollupCutoffs) {
      const ofClass = group.filter((agent) => agent.cutoff === cutoff).map((agent) => agent.id);
      if (ofClass.length === 0) continue;
      for (const table of ["agent_rollups", "agent_disk_rollups"] as const) {
        const deleted = await db
          .deleteFrom(table)
          .where("agent_id", "in", ofClass)
          .where("period_start", "<", cutoff)
          .executeTakeFirst();
        counts.rollups += Number(deleted.numDeletedRows);
      }
    }
  }
  const batches = await db
    .deleteFrom("agent_batches")
    .where("received_at", "<", now - AGENT_BATCH_RETENTION_MS)
    .executeTakeFirst();
  counts.batches = Number(batches.numDeletedRows);
  return counts;
}
