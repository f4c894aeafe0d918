import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { PeriodicTask } from "../background/periodic-task.ts";
import type { AlertingStep, CheckAlerting } from "../check-intake/check-intake.ts";
import type { CheckRecord } from "../check-intake/check-record.ts";
import { AlertChanges } from "./alert-changes.ts";
import { type AlertingContext, inTransaction } from "./alerting-context.ts";
import { applyChecks } from "./apply-checks.ts";
import { type DueRun, releaseMaintenanceHolds, runDueEscalations } from "./run-due-escalations.ts";

const RELEASE_OVERLAP_MS = 5_000;

interface AlertEngineLog {
  warn(object: object, message: string): void;
}

export interface AlertEngineOptions {
  db: Kysely<Database>;
  actx: AlertingContext;
  log: AlertEngineLog;
  /** Told after notifications were committed, so the delivery worker sends them at once. */
  onQueued: () => void;
  /** How often due escalations are looked for. */
  tickMs?: number;
  /** How often held notifications are looked at again. */
  sweepMs?: number;
}

/**
 * The alert engine: applies stored checks to alerts in the check-writing transaction, and runs
 * the escalation ticker that sends each open alert's next notification when it is due.
 */
export class AlertEngine implements CheckAlerting {
  private readonly ticker: PeriodicTask;
  private current: AlertingStep | undefined;
  private lastSweep = 0;
  private lastRelease: number;

  constructor(private readonly options: AlertEngineOptions) {
    this.lastRelease = options.actx.now();
    this.ticker = new PeriodicTask({
      run: () => this.tick(),
      everyMs: options.tickMs ?? 1000,
      onError: (error) => options.log.warn({ err: error }, "escalation failed"),
    });
  }

  /**
   * Alerting's part in one check-writing transaction: what the checks change, applied in it,
   * then announced and delivered once it committed. Each transaction has its own step, so
   * concurrent ones never share what they changed.
   */
  step(): AlertingStep {
    let changes = new AlertChanges();
    let queued = false;
    return {
      hook: async (trx: Transaction<Database>, records: readonly CheckRecord[]) => {
        // A batch that failed to commit is written again with a new hook call: start afresh.
        changes = new AlertChanges();
        queued = (await applyChecks(trx, inTransaction(this.options.actx, changes), records)) > 0;
      },
      afterCommit: () => {
        changes.announce(this.options.actx.alertsChanged);
        if (queued) this.options.onQueued();
      },
    };
  }

  /** One writer's step at a time (tools and tests that store checks themselves): its hook. */
  readonly hook = (trx: Transaction<Database>, records: readonly CheckRecord[]) => {
    this.current = this.step();
    return this.current.hook(trx, records);
  };

  /** Called once the transaction of `hook` committed. */
  readonly afterCommit = () => {
    const step = this.current;
    this.current = undefined;
    step?.afterCommit();
  };

  start(): void {
    this.ticker.start();
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }

  /** Sends what is due now; with `includeHeld`, looks at held notifications again too. */
  async runDue(options: { includeHeld?: boolean } = {}): Promise<DueRun> {
    const run = await runDueEscalations(this.options.db, this.options.actx, options);
    if (run.queued > 0) this.options.onQueued();
    return run;
  }

  /** Notifies the held alerts of maintenance windows that ended since the last call. */
  async releaseEndedMaintenance(): Promise<DueRun> {
    const since = this.lastRelease;
    this.lastRelease = this.options.actx.now();
    // Overlapping looks cost little and catch a window ended by a transaction committing late.
    const run = await releaseMaintenanceHolds(
      this.options.db,
      this.options.actx,
      since - RELEASE_OVERLAP_MS,
    );
    if (run.queued > 0) this.options.onQueued();
    return run;
  }

  private async tick(): Promise<DueRun> {
    const now = this.options.actx.now();
    const sweep = now - this.lastSweep >= (this.options.sweepMs ?? 60_000);
    if (sweep) this.lastSweep = now;
    // A sweep looks at every held alert, those of ended windows included.
    if (!sweep) await this.releaseEndedMaintenance();
    else this.lastRelease = now;
    return this.runDue({ includeHeld: sweep });
  }
}
