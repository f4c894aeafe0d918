import { historyRetentionDays, PLANS } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

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
 * plan's history (at least 30 days) and batch ids older than 2 hours, a group of agents per
 * statement so none holds the database for long.
 */
export async function pruneAgentHistory(
  db: Kysely<Database>,
  now: number,
): Promise<AgentPruneCounts> {
  const counts: AgentPruneCounts = { samples: 0, rollups: 0, batches: 0 };
  const agents = await db
    .selectFrom("agents")
    .innerJoin("accounts", "accounts.id", "agents.account_id")
    .select(["agents.id", "accounts.plan"])
    .orderBy("agents.id")
    .execute();
  const rawCutoff = now - AGENT_RAW_RETENTION_MS;
  const rollupCutoffs = new Map(
    PLANS.map((plan) => [
      plan.id as string,
      now - Math.max(historyRetentionDays(plan), AGENT_ROLLUP_MIN_RETENTION_DAYS) * DAY_MS,
    ]),
  );
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
    for (const [plan, cutoff] of rollupCutoffs) {
      const ofPlan = group.filter((agent) => agent.plan === plan).map((agent) => agent.id);
      if (ofPlan.length === 0) continue;
      for (const table of ["agent_rollups", "agent_disk_rollups"] as const) {
        const deleted = await db
          .deleteFrom(table)
          .where("agent_id", "in", ofPlan)
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
