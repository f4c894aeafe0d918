import {
  AGENT_CHECK_REGION,
  type AgentTaskBlocker,
  agentTaskBlocker,
  agentTaskDeadline,
  type CheckSpec,
  PROXY_MIN_VERSION,
  planIncludesAgents,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type ChangedAlert, openNoAgentAlert, resolveNoAgentAlert } from "../alerting/index.ts";
import type { MissedCheck } from "../check-intake/store-checks.ts";
import { sealTaskSpec } from "../records/agent-task-spec.ts";
import { readStoredJson } from "../records/stored-json.ts";
import type { SecretBox } from "../secrets/secret-box.ts";

/** One planned check of an agent-run monitor, waiting to become a task. */
export interface PlannedTask {
  monitorId: string;
  accountId: string;
  monitorName: string;
  /** Null once the agent was deleted. */
  agentId: string | null;
  plannedAt: number;
  spec: CheckSpec;
}

export interface AgentTaskPlannerOptions {
  db: Kysely<Database>;
  secrets: SecretBox;
  now: () => number;
  newId: (prefix: string) => string;
  /** Planned checks no agent can take: recorded as missed. */
  missed: (missed: readonly MissedCheck[]) => void;
  /** Told of alerts opened or resolved (live updates). */
  alertsChanged?: ((alerts: readonly ChangedAlert[]) => void) | undefined;
  onError: (error: unknown, dropped: number) => void;
  flushIntervalMs?: number | undefined;
  /** Queued tasks written at once when this many wait. */
  batchSize?: number | undefined;
}

/** Why a planned check cannot become a task, and the agent's name when it still exists. */
interface Blocked {
  blocker: AgentTaskBlocker;
  agentName: string | null;
}

/**
 * Turns the planned checks of agent-run monitors into task rows, written in batches (a repeat of
 * a planned time changes nothing). Whether each agent can take tasks (its account's plan, its key,
 * its version) is read once per batch; a check its agent cannot take is missed, and its monitor's
 * no-agent alert opens (once); tasks created again resolve it.
 */
export class AgentTaskPlanner {
  private queued: PlannedTask[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: AgentTaskPlannerOptions) {}

  get pending(): number {
    return this.queued.length;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs ?? 200);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  add(task: PlannedTask): void {
    this.queued.push(task);
    if (this.queued.length >= (this.options.batchSize ?? 500)) void this.flush();
  }

  /** Writes what is queued; batches are written one after another. */
  flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.write(batch);
      } catch (error) {
        this.options.onError(error, batch.length);
      }
    });
    return this.writing;
  }

  private async write(batch: readonly PlannedTask[]): Promise<void> {
    const { db, secrets, now, newId } = this.options;
    const blockers = await this.readBlockers(batch);
    const at = now();
    const rows = [];
    const missed: MissedCheck[] = [];
    const blocked = new Map<string, { task: PlannedTask; message: string }>();
    for (const task of batch) {
      const problem = blockers.get(blockerKey(task));
      if (problem) {
        missed.push({
          monitorId: task.monitorId,
          region: AGENT_CHECK_REGION,
          plannedAt: task.plannedAt,
          reason: "no-agent",
        });
        blocked.set(task.monitorId, { task, message: noAgentMessage(task, problem) });
        continue;
      }
      if (!task.agentId) continue; // a task without an agent was blocked as deleted above
      const id = newId("tsk");
      rows.push({
        id,
        account_id: task.accountId,
        agent_id: task.agentId,
        monitor_id: task.monitorId,
        kind: "check",
        planned_at: task.plannedAt,
        deadline_at: agentTaskDeadline(task.plannedAt, task.spec.timeoutMs),
        state: "pending",
        check_type: task.spec.type,
        spec: sealTaskSpec(secrets, id, task.spec),
        created_at: at,
      });
    }
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto("agent_tasks")
        .values(rows.slice(start, start + 500))
        .onConflict((conflict) => conflict.columns(["monitor_id", "planned_at"]).doNothing())
        .execute();
    }
    if (missed.length > 0) this.options.missed(missed);
    const tasked = [...new Set(rows.map((row) => row.monitor_id))];
    const changed: ChangedAlert[] = await resolveNoAgentAlert(db, tasked, at, "recovered");
    for (const { task, message } of blocked.values()) {
      const monitor = { id: task.monitorId, account_id: task.accountId, name: task.monitorName };
      const opened = await openNoAgentAlert(db, { now, newId }, { monitor, message }, at);
      if (opened) changed.push(opened);
    }
    if (changed.length > 0) this.options.alertsChanged?.(changed);
  }

  /** Why each task's agent cannot take it, keyed by `blockerKey`; absent when it can. */
  private async readBlockers(batch: readonly PlannedTask[]): Promise<Map<string, Blocked>> {
    const { db } = this.options;
    const agentIds = [...new Set(batch.flatMap((task) => (task.agentId ? [task.agentId] : [])))];
    const accountIds = [...new Set(batch.map((task) => task.accountId))];
    const plans = new Map(
      (
        await db
          .selectFrom("accounts")
          .select(["id", "plan"])
          .where("id", "in", accountIds)
          .execute()
      ).map((row) => [row.id, planIncludesAgents(row.plan)]),
    );
    const agents =
      agentIds.length === 0
        ? new Map<string, never>()
        : new Map(
            (
              await db
                .selectFrom("agents")
                .select(["id", "name", "key_hash", "version", "capabilities"])
                .where("id", "in", agentIds)
                .execute()
            ).map((row) => [row.id, row]),
          );
    const blockers = new Map<string, Blocked>();
    for (const task of batch) {
      const row = task.agentId ? agents.get(task.agentId) : undefined;
      const blocker = agentTaskBlocker({
        planAllowsAgents: plans.get(task.accountId) ?? false,
        agent: row
          ? {
              hasKey: row.key_hash !== null,
              version: row.version,
              capabilities: readStoredJson<string[]>(row.capabilities) ?? [],
            }
          : null,
      });
      if (blocker) blockers.set(blockerKey(task), { blocker, agentName: row?.name ?? null });
    }
    return blockers;
  }
}

const blockerKey = (task: PlannedTask) => `${task.accountId}/${task.agentId ?? ""}`;

/** The no-agent alert's sentence, naming the monitor, its agent and what would end it. */
function noAgentMessage(task: PlannedTask, { blocker, agentName }: Blocked): string {
  const runsFrom = agentName ? `runs from agent ${agentName}` : "runs from an agent";
  const missed = "its checks are missed until";
  switch (blocker) {
    case "plan-without-agents":
      return `${task.monitorName} ${runsFrom}, but your plan no longer includes agents; ${missed} the plan includes them again or the monitor runs from regions.`;
    case "deleted":
      return `${task.monitorName} ran from an agent that was deleted; ${missed} it runs from another agent or from regions.`;
    case "revoked":
      return `${task.monitorName} ${runsFrom}, whose key was revoked; ${missed} the agent is issued a new key or the monitor runs from another agent or from regions.`;
    case "not-proxy-capable":
      return `${task.monitorName} ${runsFrom}, which cannot run checks (it needs version ${PROXY_MIN_VERSION} or later); ${missed} it runs from another agent or from regions.`;
  }
}
