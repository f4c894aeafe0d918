import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import { AlertChanges } from "../../alerting/alert-changes.ts";
import { type AlertingContext, inTransaction } from "../../alerting/alerting-context.ts";
import { applyChecks } from "../../alerting/apply-checks.ts";
import type { CheckRecord } from "../../engine/result-rows.ts";
import type { CheckBatchHook } from "../../engine/store-results.ts";

/** Alerting of one transaction that stores a task's check. */
export interface TaskAlertingStep {
  /** Runs in the transaction: alerts and their notifications. */
  hook: CheckBatchHook;
  /** Runs once the transaction committed: announces the changed alerts, wakes delivery. */
  afterCommit(): void;
}

/** What storing a task's check sets off, besides the check itself. */
export interface TaskCheckHooks {
  /** A fresh step per transaction, so concurrent results do not share what they changed. */
  alerting(): TaskAlertingStep;
  /** Told of checks once their transaction committed (live check events). */
  stored(records: readonly CheckRecord[]): void;
}

/** Stores checks and nothing more (no alerting, no live events). */
export const QUIET_TASK_CHECKS: TaskCheckHooks = {
  alerting: () => ({ hook: async () => {}, afterCommit: () => {} }),
  stored: () => {},
};

/**
 * The alert engine's rules applied to tasks' checks. The engine's own hook keeps one
 * transaction's changes at a time, which suits its single writer; results arrive concurrently.
 */
export function taskCheckHooks(options: {
  actx: AlertingContext;
  /** Notifications were committed: deliver them now. */
  queued: () => void;
  stored: (records: readonly CheckRecord[]) => void;
}): TaskCheckHooks {
  return {
    alerting: () => {
      let changes = new AlertChanges();
      let queued = false;
      return {
        hook: async (trx: Transaction<Database>, records: readonly CheckRecord[]) => {
          // A shared commit that failed runs its work again alone: start afresh.
          changes = new AlertChanges();
          queued = (await applyChecks(trx, inTransaction(options.actx, changes), records)) > 0;
        },
        afterCommit: () => {
          changes.announce(options.actx.alertsChanged);
          if (queued) options.queued();
        },
      };
    },
    stored: options.stored,
  };
}
