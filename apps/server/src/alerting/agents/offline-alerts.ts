import { AGENT_OFFLINE_SEVERITY, getPlan, offlineThresholdMs, PLAN_IDS } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import { closeAlert, enqueueClosingNotice, notifyDueAlert, openAlert } from "../alert-lifecycle.ts";
import type { AlertingContext } from "../alerting-context.ts";
import { AlertingSnapshot } from "../alerting-snapshot.ts";

const PAGE = 200;
const PLANS_WITH_AGENTS = PLAN_IDS.filter((plan) => getPlan(plan).limits.agents !== 0);

export function offlineMessage(name: string, minutes: number): string {
  return `${name} has not reported for ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Agents that reported once and have been silent longer than their offline threshold (their
 * setting, at least two of their reporting intervals: `offlineThresholdMs`) become offline:
 * `offline_since` is set and their Critical `agent-offline` alert opens. Agents that never
 * reported are waiting, not offline; agents without a key, or of an account whose plan has
 * no agents, cannot report and are not watched. Returns the agents declared offline and the
 * notifications queued.
 */
export async function declareSilentAgentsOffline(
  db: Kysely<Database>,
  actx: AlertingContext,
  watchStartedAt: number,
): Promise<{ offline: number; queued: number }> {
  const now = actx.now();
  const result = { offline: 0, queued: 0 };
  for await (const agent of silentAgents(db, now, watchStartedAt)) {
    const lastReport = Number(agent.last_report_at);
    const thresholdMs = offlineThresholdMs(
      agent.offline_after_minutes,
      monitoringIntervalOf(agent.reported_config),
    );
    // Silence is counted from the watch's start at the earliest: reports may have been refused
    // while no server was running, and the agents are not to blame for that.
    // A key issued since the last report gets the whole threshold to be put to use.
    const silentSince = Math.max(lastReport, watchStartedAt, Number(agent.key_created_at));
    if (now - silentSince < thresholdMs) continue;
    result.queued += await db.transaction().execute(async (trx) => {
      // Conditional on the report seen: a report stored meanwhile keeps the agent online.
      const marked = await trx
        .updateTable("agents")
        .set({ offline_since: now })
        .where("id", "=", agent.id)
        .where("offline_since", "is", null)
        .where("last_report_at", "=", lastReport)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return 0;
      result.offline += 1;
      const already = await trx
        .selectFrom("alerts")
        .select("id")
        .where("agent_id", "=", agent.id)
        .where("dedupe_key", "=", "offline")
        .where("state", "=", "open")
        .executeTakeFirst();
      if (already) return 0;
      const snapshot = await AlertingSnapshot.load(trx, [], { from: now, to: now }, [agent.id]);
      const facts = snapshot.agent(agent.id);
      if (!facts) return 0;
      const alert = await openAlert(trx, actx, {
        agent: facts,
        kind: "agent-offline",
        severity: AGENT_OFFLINE_SEVERITY,
        message: offlineMessage(facts.name, Math.ceil(thresholdMs / 60_000)),
        at: now,
        dedupeKey: "offline",
      });
      const outcome = await notifyDueAlert(trx, actx, snapshot, alert, now, null, {
        value: null,
        threshold: null,
      });
      return outcome.queued;
    });
  }
  return result;
}

/**
 * The agents silent for longer than their offline setting (counted from the watch's start at the
 * earliest), oldest report first, read page by page until none is left. The setting is a lower
 * bound of the threshold, which reporting intervals may lengthen: the caller checks that, and no
 * agent waiting for its longer threshold can keep due ones from being read.
 */
async function* silentAgents(db: Kysely<Database>, now: number, watchStartedAt: number) {
  let after: { last_report_at: number; id: string } | null = null;
  const dueBefore = sql<number>`CAST(${now} AS BIGINT) - agents.offline_after_minutes * 60000`;
  for (;;) {
    let query = db
      .selectFrom("agents")
      .innerJoin("accounts", "accounts.id", "agents.account_id")
      .select([
        "agents.id",
        "agents.last_report_at",
        "agents.key_created_at",
        "agents.offline_after_minutes",
        "agents.reported_config",
      ])
      .where("agents.offline_since", "is", null)
      // An agent without a key, or of a plan without agents, cannot report: no one is paged.
      .where("agents.key_lookup", "is not", null)
      .where("accounts.plan", "in", PLANS_WITH_AGENTS)
      .where("agents.last_report_at", "<=", dueBefore)
      .where("agents.key_created_at", "<=", dueBefore)
      .where(sql<number>`agents.offline_after_minutes * 60000`, "<=", now - watchStartedAt)
      .orderBy("agents.last_report_at")
      .orderBy("agents.id")
      .limit(PAGE);
    if (after) {
      const { last_report_at: at, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb("agents.last_report_at", ">", at),
          eb.and([eb("agents.last_report_at", "=", at), eb("agents.id", ">", id)]),
        ]),
      );
    }
    const page = await query.execute();
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = { last_report_at: Number(last.last_report_at), id: last.id };
  }
}

/** The `monitoring_interval` of the agent's reported config, in seconds; null when unknown. */
function monitoringIntervalOf(reportedConfig: string | null): number | null {
  if (reportedConfig === null) return null;
  try {
    const interval = (JSON.parse(reportedConfig) as { monitoring_interval?: unknown })
      .monitoring_interval;
    return typeof interval === "number" ? interval : null;
  } catch {
    return null;
  }
}

/**
 * A report came: the agent's open offline alert resolves (`recovered`, with an `agent.online`
 * notice) and `offline_since` is cleared. Returns the notifications queued.
 */
export async function markAgentOnline(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  agentId: string,
  at: number,
): Promise<number> {
  await trx
    .updateTable("agents")
    .set({ offline_since: null })
    .where("id", "=", agentId)
    .where("offline_since", "is not", null)
    .execute();
  const open = await trx
    .selectFrom("alerts")
    .selectAll()
    .where("agent_id", "=", agentId)
    .where("dedupe_key", "=", "offline")
    .where("state", "=", "open")
    .execute();
  let queued = 0;
  for (const alert of open) {
    if (!(await closeAlert(trx, actx, alert, at, "recovered"))) continue;
    queued += await enqueueClosingNotice(trx, actx, snapshot, alert, "agent.online", at, null, {
      value: null,
      threshold: null,
    });
  }
  return queued;
}

/**
 * The agent's key was revoked: it can no longer report, so its open offline alert resolves
 * (`key-revoked`, with no notice: nothing recovered) and the watch forgets it until a new key
 * is issued. Call inside the transaction that revokes the key. Returns the alerts resolved.
 */
export async function endOfflineAlertOfRevokedKey(
  trx: Kysely<Database>,
  agentId: string,
  at: number,
): Promise<number> {
  await trx
    .updateTable("agents")
    .set({ offline_since: null })
    .where("id", "=", agentId)
    .where("offline_since", "is not", null)
    .execute();
  const resolved = await trx
    .updateTable("alerts")
    .set({
      state: "resolved",
      resolved_at: at,
      resolution: "key-revoked",
      next_due_at: null,
      held: 0,
    })
    .where("agent_id", "=", agentId)
    .where("dedupe_key", "=", "offline")
    .where("state", "=", "open")
    .executeTakeFirst();
  return Number(resolved.numUpdatedRows);
}
