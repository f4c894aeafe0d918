import type { AgentReportBatch, AgentSample, AgentServiceState } from "@upwatch/api";
import { customMetricsNotInPlan, getPlan, type PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { AgentReportHook, ReportingAgent } from "../../agents/agent-report-hook.ts";
import { isPlanId } from "../accounts/create-account.ts";
import type { AuthenticatedAgent } from "../agents/authenticate-agent.ts";
import type { ServiceContext } from "../context.ts";
import { storeCustomMetrics } from "../custom-metrics/store-custom-metrics.ts";
import { ServiceError } from "../service-error.ts";

/** A batch that passed validation, from an authenticated agent. */
export interface AgentReportDelivery {
  agent: AuthenticatedAgent;
  batch: AgentReportBatch;
}

/** The newest sample as `agents.latest_report` keeps it: services carry since when they hold. */
export type LatestAgentReport = Omit<AgentSample, "services"> & {
  services: { name: string; state: AgentServiceState; since: number }[];
};

export const REPLAYED_BATCH = "This batch was already received; nothing was stored again.";
export const AGENT_GONE =
  "This agent key is not valid: it was revoked, or its agent was deleted. Add the agent again in Upwatch and put the new key in agent.yaml.";

/** The 403's sentence for an agent of an account whose plan has no agents. */
export function agentsNotInPlan(plan: PlanId): string {
  return `Agents are part of the Business and Enterprise+ plans; this account's plan (${getPlan(plan).name}) has none, so its agents' reports are refused.`;
}

/** What became of a stored batch: how many samples were new, and why custom metrics were not kept. */
export interface StoredBatch {
  accepted: number;
  /** The plan's refusal of the batch's custom metrics; null when they were stored or absent. */
  customMetricsRefused: string | null;
}

type Outcome =
  | StoredBatch
  | { refused: "replayed" | "agent-gone" }
  | { refused: "plan-without-agents"; plan: PlanId };

/** Told the transaction a batch committed in, so what the hook did in it can be announced. */
export type AfterAgentReport = (trx: Transaction<Database>) => void;

/**
 * Stores a batch in one transaction, shared with other batches arriving meanwhile (group
 * commit): the batch id (a replay is refused, also when its twin is in the same transaction),
 * the samples not stored before, the services' states, the agent's identity and newest sample;
 * then the hook adds what the samples mean for alerts. Custom metrics are stored when the plan
 * has them and otherwise dropped, the rest of the batch kept. Answers how many samples were new,
 * once they are committed.
 */
export async function storeAgentReport(
  ctx: ServiceContext,
  delivery: AgentReportDelivery,
  hook: AgentReportHook,
  afterCommit: AfterAgentReport = () => {},
): Promise<StoredBatch> {
  let committed: Transaction<Database> | undefined;
  // Refusals are answers, not errors, inside the shared transaction: one must not fail the others.
  const outcome = await ctx.transact((trx) => {
    committed = trx;
    return storeInTransaction(trx, delivery, ctx.now(), hook, ctx.newId);
  });
  if (committed) afterCommit(committed);
  if ("accepted" in outcome) return outcome;
  if (outcome.refused === "replayed") throw new ServiceError("conflict", REPLAYED_BATCH);
  if (outcome.refused === "plan-without-agents") {
    throw new ServiceError("plan-limit", agentsNotInPlan(outcome.plan));
  }
  throw new ServiceError("unauthenticated", AGENT_GONE);
}

async function storeInTransaction(
  trx: Transaction<Database>,
  { agent, batch }: AgentReportDelivery,
  receivedAt: number,
  hook: AgentReportHook,
  newId: (prefix: string) => string,
): Promise<Outcome> {
  const before = await trx
    .selectFrom("agents")
    .innerJoin("accounts", "accounts.id", "agents.account_id")
    .select([
      "agents.name",
      "agents.key_lookup",
      "agents.last_report_at",
      "agents.offline_since",
      "accounts.plan",
    ])
    .where("agents.id", "=", agent.id)
    .executeTakeFirst();
  // The key or the plan may have changed since the key was checked (keys are cached).
  if (!before || before.key_lookup !== agent.key_lookup) return { refused: "agent-gone" };
  if (!isPlanId(before.plan)) return { refused: "agent-gone" };
  if (getPlan(before.plan).limits.agents === 0) {
    return { refused: "plan-without-agents", plan: before.plan };
  }
  const fresh = await trx
    .insertInto("agent_batches")
    .values({ agent_id: agent.id, batch_id: batch.batch_id, received_at: receivedAt })
    .onConflict((oc) => oc.doNothing())
    .returning("batch_id")
    .executeTakeFirst();
  if (!fresh) return { refused: "replayed" };
  const newest = await newestStoredSample(trx, agent.id);
  const plan = getPlan(before.plan);
  const hasCustom = batch.reports.some((report) => (report.custom_metrics?.length ?? 0) > 0);
  const customAllowed = plan.limits.customAgentMetrics;
  const reports = customAllowed
    ? batch.reports
    : batch.reports.map(({ custom_metrics: _refused, ...report }) => report);
  const samples = await insertNewSamples(trx, agent.id, reports);
  if (customAllowed) await storeCustomMetrics(trx, agent.id, samples, newId);
  const services = await updateServices(trx, agent.id, samples);
  const latest = samples.at(-1);
  await trx
    .updateTable("agents")
    .set((eb) => ({
      hostname: batch.agent.hostname,
      platform: batch.agent.platform,
      arch: batch.agent.arch,
      version: batch.agent.version,
      capabilities: JSON.stringify(batch.agent.capabilities),
      reported_config: JSON.stringify(batch.config),
      ...(latest && (newest === undefined || latest.sampled_at > newest)
        ? { latest_report: JSON.stringify({ ...latest, services } satisfies LatestAgentReport) }
        : {}),
      ...(hasCustom ? { custom_metrics_refused_at: customAllowed ? null : receivedAt } : {}),
      first_report_at: eb.fn.coalesce("first_report_at", eb.val(receivedAt)),
      last_report_at: receivedAt,
      updated_at: receivedAt,
    }))
    .where("id", "=", agent.id)
    .execute();
  const reporting: ReportingAgent = {
    id: agent.id,
    account_id: agent.account_id,
    plan: before.plan,
    name: before.name,
    identity: batch.agent,
    config: batch.config,
    previous_report_at: before.last_report_at,
    offline_since: before.offline_since,
  };
  await hook(trx, { agent: reporting, samples, received_at: receivedAt });
  return {
    accepted: samples.length,
    customMetricsRefused: hasCustom && !customAllowed ? customMetricsNotInPlan(plan.name) : null,
  };
}

async function newestStoredSample(
  trx: Transaction<Database>,
  agentId: string,
): Promise<number | undefined> {
  const row = await trx
    .selectFrom("agent_samples")
    .select("sampled_at")
    .where("agent_id", "=", agentId)
    .orderBy("sampled_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.sampled_at) : undefined;
}

/** Inserts the samples; those whose time is already stored are skipped. Returns the new ones, oldest first. */
async function insertNewSamples(
  trx: Transaction<Database>,
  agentId: string,
  reports: readonly AgentSample[],
): Promise<AgentSample[]> {
  const inserted = await trx
    .insertInto("agent_samples")
    .values(
      reports.map((r) => ({
        agent_id: agentId,
        sampled_at: r.sampled_at,
        cpu_percent: r.cpu_percent,
        cores: r.cores,
        load1: r.load?.one ?? null,
        load5: r.load?.five ?? null,
        load15: r.load?.fifteen ?? null,
        memory_total: r.memory.total_bytes,
        memory_used: r.memory.used_bytes,
        memory_available: r.memory.available_bytes,
        net_rx_bps: r.network.rx_bytes_per_second,
        net_tx_bps: r.network.tx_bytes_per_second,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning("sampled_at")
    .execute();
  const times = new Set(inserted.map((row) => Number(row.sampled_at)));
  const samples = reports
    .filter((report) => times.has(report.sampled_at))
    .sort((a, b) => a.sampled_at - b.sampled_at);
  const disks = samples.flatMap((sample) =>
    sample.disks.map((disk) => ({
      agent_id: agentId,
      mount: disk.mount,
      sampled_at: sample.sampled_at,
      total_bytes: disk.total_bytes,
      used_bytes: disk.used_bytes,
    })),
  );
  for (let start = 0; start < disks.length; start += 150) {
    await trx
      .insertInto("agent_disk_samples")
      .values(disks.slice(start, start + 150))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return samples;
}

/**
 * Walks the new samples in order over the stored states, so `since` is when a service's state
 * last changed; a state that holds keeps its `since`. Returns the services of the newest sample.
 */
async function updateServices(
  trx: Transaction<Database>,
  agentId: string,
  samples: readonly AgentSample[],
): Promise<LatestAgentReport["services"]> {
  if (samples.length === 0) return [];
  const stored = await trx
    .selectFrom("agent_services")
    .select(["name", "state", "since", "reported_at"])
    .where("agent_id", "=", agentId)
    .execute();
  const states = new Map(
    stored.map((row) => [
      row.name,
      { state: row.state, since: Number(row.since), at: Number(row.reported_at) },
    ]),
  );
  const changed = new Set<string>();
  for (const sample of samples) {
    for (const service of sample.services) {
      const current = states.get(service.name);
      if (current && current.at >= sample.sampled_at) continue;
      const since = current && current.state === service.state ? current.since : sample.sampled_at;
      states.set(service.name, { state: service.state, since, at: sample.sampled_at });
      changed.add(service.name);
    }
  }
  if (changed.size > 0) {
    await trx
      .insertInto("agent_services")
      .values(
        [...changed].map((name) => {
          const { state, since, at } = states.get(name)!;
          return { agent_id: agentId, name, state, since, reported_at: at };
        }),
      )
      .onConflict((oc) =>
        oc.columns(["agent_id", "name"]).doUpdateSet((eb) => ({
          state: eb.ref("excluded.state"),
          since: eb.ref("excluded.since"),
          reported_at: eb.ref("excluded.reported_at"),
        })),
      )
      .execute();
  }
  const newest = samples.at(-1)!;
  return newest.services.map((service) => ({
    name: service.name,
    state: service.state,
    since: states.get(service.name)?.since ?? newest.sampled_at,
  }));
}
