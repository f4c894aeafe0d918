import type { AgentSample } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AgentReading } from "../agent-notification-message.ts";
import { parseRuleKey, ruleKey } from "../agent-rule-key.ts";
import type { AgentFacts } from "../agent-subjects.ts";
import { closeAlert, enqueueClosingNotice, notifyDueAlert, openAlert } from "../alert-lifecycle.ts";
import type { AlertingContext } from "../alerting-context.ts";
import { AlertingSnapshot } from "../alerting-snapshot.ts";
import {
  type AgentRule,
  alertKindOf,
  type ConditionReading,
  readCondition,
  ruleMessage,
  ruleOf,
} from "./rule-conditions.ts";

/**
 * Applies an agent's rules to its new samples, oldest first: a condition holding since long
 * enough (every sample of the duration) opens the rule's alert for that subject; the first
 * sample where it no longer holds resolves it. Since when each condition holds, and its latest
 * sample, are kept in `agent_rule_breaches`; a gap of more than two of the agent's
 * `monitoring_interval` since that sample starts the count again. An alert opens at its sample's time, but its first notification (and
 * so its escalation schedule) is timed from when the batch was received: samples the agent kept
 * while the server was unreachable must not make it look overdue. Returns how many notifications
 * were queued.
 */
export async function applyAgentRules(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  agent: AgentFacts,
  samples: readonly AgentSample[],
  batch: { receivedAt: number; intervalMs: number },
): Promise<number> {
  const { receivedAt } = batch;
  const maxGapMs = 2 * batch.intervalMs;
  const rows = await trx
    .selectFrom("agent_alert_rules")
    .selectAll()
    .where("agent_id", "=", agent.id)
    .orderBy("created_at")
    .execute();
  if (rows.length === 0 || samples.length === 0) return 0;
  const rules = rows.map(ruleOf);
  const ruleIds = rules.map((rule) => rule.id);
  const breaches = new Map<string, Breach>();
  for (const row of await trx
    .selectFrom("agent_rule_breaches")
    .selectAll()
    .where("rule_id", "in", ruleIds)
    .execute()) {
    const since = Number(row.since);
    const last = row.last_at === null ? since : Number(row.last_at);
    breaches.set(ruleKey(row.rule_id, row.subject), { since, last });
  }
  const open = new Map<string, AlertTable>();
  for (const alert of await trx
    .selectFrom("alerts")
    .selectAll()
    .where("agent_id", "=", agent.id)
    .where("state", "=", "open")
    .where("dedupe_key", "like", "rule:%")
    .execute()) {
    if (alert.dedupe_key) open.set(alert.dedupe_key, alert);
  }
  const before = new Map(breaches);
  let queued = 0;
  // Without a reading, the notice reads the rule's threshold (`loadRuleReading`).
  const resolve = async (key: string, at: number, reading?: AgentReading) => {
    breaches.delete(key);
    const alert = open.get(key);
    if (!alert || !(await closeAlert(trx, actx, alert, at, "recovered"))) return;
    open.delete(key);
    queued += await enqueueClosingNotice(
      trx,
      actx,
      snapshot,
      alert,
      "alert.resolved",
      at,
      null,
      reading,
    );
  };
  for (const sample of samples) {
    for (const rule of rules) {
      // On a plan without custom metrics their readings stop, so what they opened is over.
      if (rule.kind === "custom" && !getPlan(agent.plan).limits.customAgentMetrics) {
        for (const key of subjectsOfRule(rule, [...open.keys(), ...breaches.keys()])) {
          await resolve(key, sample.sampled_at);
        }
        continue;
      }
      const readings = readCondition(rule, sample);
      // A disk or service the rule no longer sees (out of its list, or not reported) is over.
      for (const key of unseenSubjects(rule, readings, [...open.keys(), ...breaches.keys()])) {
        await resolve(key, sample.sampled_at);
      }
      for (const reading of readings) {
        const key = ruleKey(rule.id, reading.subject);
        const at = sample.sampled_at;
        const alert = open.get(key);
        if (!reading.holds) {
          await resolve(key, at, { value: reading.value, threshold: reading.threshold });
          continue;
        }
        const breach = breaches.get(key);
        // A gap in the reports is not a sample over: the count starts again after it.
        const since = breach && at - breach.last <= maxGapMs ? breach.since : at;
        breaches.set(key, { since, last: at });
        if (alert || at - since < rule.durationMs) continue;
        // Resolved by hand during this breach: it opens again only once the condition cleared.
        const handResolvedAt = await lastResolvedByHand(trx, agent.id, key);
        if (handResolvedAt !== null && since <= handResolvedAt) continue;
        const opened = await openRuleAlert(trx, actx, snapshot, agent, rule, sample, reading, {
          at,
          receivedAt,
        });
        open.set(key, opened.alert);
        queued += opened.queued;
      }
    }
  }
  await storeBreaches(trx, before, breaches);
  return queued;
}

async function openRuleAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  agent: AgentFacts,
  rule: AgentRule,
  sample: AgentSample,
  reading: ReturnType<typeof readCondition>[number],
  times: { at: number; receivedAt: number },
): Promise<{ alert: AlertTable; queued: number }> {
  const alert = await openAlert(trx, actx, {
    agent,
    kind: alertKindOf(rule),
    severity: rule.severity,
    message: ruleMessage(rule, agent.name, reading, sample),
    at: times.at,
    firstDueAt: times.receivedAt,
    dedupeKey: ruleKey(rule.id, reading.subject),
  });
  const outcome = await notifyDueAlert(trx, actx, snapshot, alert, times.receivedAt, null, {
    value: reading.value,
    threshold: reading.threshold,
  });
  return { alert, queued: outcome.queued };
}

/**
 * The keys among `keys` of a disk or service rule's subjects that these readings do not cover:
 * out of the rule's list, or missing from the sample. Machine-wide rules have one subject, always
 * read (a sample without load is no reading, not a recovery).
 */
/** The keys among `keys` that belong to `rule`, each once. */
function subjectsOfRule(rule: AgentRule, keys: readonly string[]): string[] {
  return [...new Set(keys.filter((key) => parseRuleKey(key)?.ruleId === rule.id))];
}

function unseenSubjects(
  rule: AgentRule,
  readings: readonly ConditionReading[],
  keys: readonly string[],
): string[] {
  if (rule.kind !== "disk" && rule.kind !== "service") return [];
  const seen = new Set(readings.map((reading) => ruleKey(rule.id, reading.subject)));
  return subjectsOfRule(rule, keys).filter((key) => !seen.has(key));
}

/**
 * A rule's disks, services or threshold changed: judged on the agent's latest report, its open
 * alerts for subjects out of its list, no longer reported, or no longer over the new threshold
 * resolve (`recovered`, with a notice to those who heard of them), and their breaches end. When
 * the threshold changed, the breaches of subjects without an open alert start over. Call inside
 * the transaction that changes the rule. Returns the notifications queued.
 */
export async function reviewRuleAlerts(
  trx: Kysely<Database>,
  actx: AlertingContext,
  ruleId: string,
  at: number,
  change: { thresholdChanged: boolean },
): Promise<number> {
  const row = await trx
    .selectFrom("agent_alert_rules")
    .innerJoin("agents", "agents.id", "agent_alert_rules.agent_id")
    .selectAll("agent_alert_rules")
    .select("agents.latest_report")
    .where("agent_alert_rules.id", "=", ruleId)
    .executeTakeFirst();
  if (!row) return 0;
  const rule = ruleOf(row);
  const sample = parseSample(row.latest_report);
  const readings = new Map(
    (sample ? readCondition(rule, sample) : []).map((reading) => [reading.subject, reading]),
  );
  const alerts = await trx
    .selectFrom("alerts")
    .selectAll()
    .where("agent_id", "=", row.agent_id)
    .where("state", "=", "open")
    .where("dedupe_key", "like", `rule:${ruleId}:%`)
    .execute();
  const breaches = await trx
    .selectFrom("agent_rule_breaches")
    .select("subject")
    .where("rule_id", "=", ruleId)
    .execute();
  const inList = (subject: string) => {
    const list = rule.kind === "disk" ? rule.disks : rule.kind === "service" ? rule.services : null;
    return list === null || list.includes(subject);
  };
  const over = (subject: string) => {
    if (!inList(subject)) return false;
    const reading = readings.get(subject);
    if (reading) return reading.holds;
    // Nothing read: a disk or service not reported is over; a machine-wide figure is unknown.
    return !(sample && (rule.kind === "disk" || rule.kind === "service"));
  };
  const ended = new Set<string>();
  let queued = 0;
  let snapshot: AlertingSnapshot | undefined;
  for (const alert of alerts) {
    const subject = parseRuleKey(alert.dedupe_key)?.subject;
    if (subject === undefined || over(subject)) continue;
    ended.add(subject);
    if (!(await closeAlert(trx, actx, alert, at, "recovered"))) continue;
    snapshot ??= await AlertingSnapshot.forAlerts(trx, alerts, { from: at, to: at });
    const reading = readings.get(subject);
    queued += await enqueueClosingNotice(
      trx,
      actx,
      snapshot,
      alert,
      "alert.resolved",
      at,
      null,
      reading && { value: reading.value, threshold: reading.threshold },
    );
  }
  const alerting = new Set(alerts.map((alert) => parseRuleKey(alert.dedupe_key)?.subject));
  for (const { subject } of breaches) {
    const restart = change.thresholdChanged && !alerting.has(subject);
    if (!ended.has(subject) && !restart && over(subject)) continue;
    await trx
      .deleteFrom("agent_rule_breaches")
      .where("rule_id", "=", ruleId)
      .where("subject", "=", subject)
      .execute();
  }
  return queued;
}

function parseSample(text: string | null): AgentSample | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as AgentSample;
  } catch {
    return null;
  }
}

/** When the agent's alert with this dedupe key was last resolved by hand; null if never. */
async function lastResolvedByHand(
  trx: Kysely<Database>,
  agentId: string,
  dedupeKey: string,
): Promise<number | null> {
  const row = await trx
    .selectFrom("alerts")
    .select((eb) => eb.fn.max("resolved_at").as("resolved_at"))
    .where("agent_id", "=", agentId)
    .where("dedupe_key", "=", dedupeKey)
    .where("resolution", "=", "by-hand")
    .executeTakeFirst();
  return row?.resolved_at == null ? null : Number(row.resolved_at);
}

/** Since when a rule's condition holds for one subject, and its latest sample over. */
interface Breach {
  since: number;
  last: number;
}

/** Writes the breaches that changed: new ones inserted, moved ones updated, ended ones deleted. */
async function storeBreaches(
  trx: Kysely<Database>,
  before: ReadonlyMap<string, Breach>,
  after: ReadonlyMap<string, Breach>,
): Promise<void> {
  const parts = (key: string) => {
    const parsed = parseRuleKey(key);
    return { rule_id: parsed?.ruleId ?? "", subject: parsed?.subject ?? "" };
  };
  for (const key of before.keys()) {
    if (after.has(key)) continue;
    const { rule_id, subject } = parts(key);
    await trx
      .deleteFrom("agent_rule_breaches")
      .where("rule_id", "=", rule_id)
      .where("subject", "=", subject)
      .execute();
  }
  const added: { rule_id: string; subject: string; since: number; last_at: number }[] = [];
  for (const [key, breach] of after) {
    const old = before.get(key);
    if (!old) {
      added.push({ ...parts(key), since: breach.since, last_at: breach.last });
      continue;
    }
    if (old.since === breach.since && old.last === breach.last) continue;
    const { rule_id, subject } = parts(key);
    await trx
      .updateTable("agent_rule_breaches")
      .set({ since: breach.since, last_at: breach.last })
      .where("rule_id", "=", rule_id)
      .where("subject", "=", subject)
      .execute();
  }
  if (added.length > 0) await trx.insertInto("agent_rule_breaches").values(added).execute();
}

/**
 * A rule is being deleted: its open alerts resolve (`rule-deleted`), with a notice to those who
 * heard of them. Call inside the transaction that deletes the rule. Returns the notifications
 * queued.
 */
export async function resolveRuleAlerts(
  trx: Kysely<Database>,
  actx: AlertingContext,
  ruleId: string,
  at: number,
): Promise<number> {
  const alerts = await trx
    .selectFrom("alerts")
    .selectAll()
    .where("state", "=", "open")
    .where("dedupe_key", "like", `rule:${ruleId}:%`)
    .where("agent_id", "is not", null)
    .execute();
  if (alerts.length === 0) return 0;
  const snapshot = await AlertingSnapshot.forAlerts(trx, alerts, { from: at, to: at });
  let queued = 0;
  for (const alert of alerts) {
    if (!alert.dedupe_key?.startsWith(`rule:${ruleId}:`)) continue;
    if (!(await closeAlert(trx, actx, alert, at, "rule-deleted"))) continue;
    queued += await enqueueClosingNotice(trx, actx, snapshot, alert, "alert.resolved", at, null);
  }
  return queued;
}
