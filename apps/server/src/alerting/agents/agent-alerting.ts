import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { AgentReportHook, StoredAgentReport } from "../../agents/agent-report-hook.ts";
import { PeriodicTask } from "../../background/periodic-task.ts";
import { AlertChanges } from "../alert-changes.ts";
import { type AlertingContext, inTransaction } from "../alerting-context.ts";
import { AlertingSnapshot } from "../alerting-snapshot.ts";
import { declareSilentAgentsOffline, markAgentOnline } from "./offline-alerts.ts";
import { applyAgentRules, resolveRuleAlerts } from "./rule-alerts.ts";

export interface AgentAlertingOptions {
  db: Kysely<Database>;
  actx: AlertingContext;
  log: { warn(object: object, message: string): void };
  /** Told after notifications were committed, so the delivery worker sends them at once. */
  onQueued: () => void;
  /** How often silent agents are looked for. */
  tickMs?: number;
}

/**
 * Agents' alerts through the alert engine: the offline watch (a ticker run by the leader) and
 * the hook that applies stored reports (the offline alert resolves, rules open and resolve
 * their alerts) inside the report's transaction.
 */
export class AgentAlerting {
  private readonly ticker: PeriodicTask;
  /**
   * What each report transaction changed, told once it committed: the alerts (live events) and
   * how many notifications it queued (the delivery worker is woken only for those).
   */
  private readonly pending = new WeakMap<
    Transaction<Database>,
    { changes: AlertChanges; queued: number }
  >();

  /**
   * When this process's offline watch started: silence is counted from it at the earliest, so a
   * new leader (or a server back after a long stop) does not declare every agent offline at once.
   */
  private watchStartedAt: number;

  constructor(private readonly options: AgentAlertingOptions) {
    this.watchStartedAt = options.actx.now();
    this.ticker = new PeriodicTask({
      run: () => this.checkOffline(),
      everyMs: options.tickMs ?? 15_000,
      onError: (error) => options.log.warn({ err: error }, "the agent offline watch failed"),
    });
  }

  /** The ingest's hook: called inside the transaction that stored the batch. */
  readonly onReports: AgentReportHook = async (
    trx: Transaction<Database>,
    report: StoredAgentReport,
  ) => {
    const entry = this.pending.get(trx) ?? { changes: new AlertChanges(), queued: 0 };
    this.pending.set(trx, entry);
    const actx = inTransaction(this.options.actx, entry.changes);
    const at = report.samples.at(-1)?.sampled_at ?? report.received_at;
    const snapshot = await AlertingSnapshot.load(trx, [], { from: at, to: at }, [report.agent.id]);
    let queued = await markAgentOnline(trx, actx, snapshot, report.agent.id, report.received_at);
    const agent = snapshot.agent(report.agent.id);
    if (agent) {
      agent.offline = false;
      queued += await applyAgentRules(trx, actx, snapshot, agent, report.samples, {
        receivedAt: report.received_at,
        intervalMs: report.agent.config.monitoring_interval * 1000,
      });
    }
    entry.queued += queued;
  };

  /**
   * Called with the report's transaction once it committed: announces the alerts it changed as
   * live events and wakes the delivery worker (which otherwise finds the notifications on its
   * next round). Not calling it loses only the live events; the changes are forgotten with the
   * transaction.
   */
  readonly afterReports = (trx: Transaction<Database>) => {
    const entry = this.pending.get(trx);
    this.pending.delete(trx);
    if (!entry) return;
    entry.changes.announce(this.options.actx.alertsChanged);
    if (entry.queued > 0) this.options.onQueued();
  };

  /** Declares silent agents offline and opens their alerts; the ticker calls it. */
  async checkOffline(): Promise<{ offline: number; queued: number }> {
    const changes = new AlertChanges();
    const result = await declareSilentAgentsOffline(
      this.options.db,
      inTransaction(this.options.actx, changes),
      this.watchStartedAt,
    );
    changes.announce(this.options.actx.alertsChanged);
    if (result.queued > 0) this.options.onQueued();
    return result;
  }

  /** For the delete-rule service, inside its transaction: resolves the rule's open alerts. */
  resolveRuleAlerts(trx: Kysely<Database>, ruleId: string, at: number): Promise<number> {
    return resolveRuleAlerts(trx, this.options.actx, ruleId, at);
  }

  start(): void {
    this.watchStartedAt = this.options.actx.now();
    this.ticker.start();
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }
}
