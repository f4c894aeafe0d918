import { AGENT_CHECK_REGION, type MonitorHealth } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { CheckRecord } from "./check-record.ts";
import {
  historyOf,
  judgeObservation,
  type MonitorStanding,
  type Observation,
} from "./judge-observation.ts";
import {
  type CheckBatchHook,
  type MissedCheck,
  type StoredBatch,
  storeChecks,
  storeChecksIn,
} from "./store-checks.ts";

/** Alerting's part in one transaction that stores checks. */
export interface AlertingStep {
  /** Runs in the transaction: incidents, alerts and their notifications. */
  hook: CheckBatchHook;
  /** Runs once the transaction committed: announces the changed alerts, wakes delivery. */
  afterCommit(): void;
}

/** Alerting as the intake sees it: a fresh step per transaction, so concurrent ones never mix. */
export interface CheckAlerting {
  step(): AlertingStep;
}

export interface CheckIntakeOptions {
  /** Turns stored checks into alerts in their transaction; absent, checks are stored alone. */
  alerting?: CheckAlerting | undefined;
  /** Told of checks once their transaction committed (live check events). */
  stored?: ((records: readonly CheckRecord[]) => void) | undefined;
}

/** What one transaction took in, to settle once it committed (`CheckIntake.committed`). */
export interface Taken {
  records: readonly CheckRecord[];
  step?: AlertingStep | undefined;
}

/** The monitor columns an observation is judged by. */
export interface MonitorHealthRow {
  state: string;
  consecutive_failures: number;
  consecutive_successes: number;
  failure_threshold: number;
  recovery_confirmations: number;
}

/** A one-region source's standing from the monitor's row: it fails when its region does. */
export function standingOf(row: MonitorHealthRow): MonitorStanding {
  return {
    health: {
      status: row.state as MonitorHealth["status"],
      consecutiveFailures: row.consecutive_failures,
      consecutiveSuccesses: row.consecutive_successes,
    },
    rules: {
      failureThreshold: row.failure_threshold,
      recoveryConfirmations: row.recovery_confirmations,
    },
    rule: "any",
  };
}

/**
 * The one way a check result enters: every source (the engine's rounds of regions, agents'
 * tasks, heartbeat pings and their missed deadlines) hands its observations here, which decides
 * the monitor's health, stores the checks with their rollups and hands them to alerting, all in
 * one transaction; once it committed, `committed` announces the alerts and the checks.
 */
export class CheckIntake {
  constructor(private readonly options: CheckIntakeOptions = {}) {}

  /**
   * Judges one observation and stores it, in the caller's transaction (which holds the
   * monitor's row). With `mayArriveLate`, an observation planned before one of its region
   * already stored (an agent's task timed out late) is kept as history: the monitor's health,
   * last check time and alerts stay as the newer check set them.
   */
  async take(
    trx: Transaction<Database>,
    observation: Observation,
    standing: MonitorStanding,
    options: { mayArriveLate?: boolean } = {},
  ): Promise<Taken> {
    if (options.mayArriveLate && (await newerCheckStored(trx, observation))) {
      return { records: await storeHistory(trx, observation, standing.health) };
    }
    const judged = judgeObservation(observation, standing);
    const step = this.options.alerting?.step();
    const stored = await storeChecksIn(
      trx,
      { records: judged.records, missed: judged.missed },
      step?.hook,
    );
    return { records: stored.stored ? judged.records : [], step };
  }

  /**
   * Stores checks already judged (the engine judges its rounds as they close, holding each
   * monitor's health) and missed checks, in a transaction of their own.
   */
  async takeJudged(
    db: Kysely<Database>,
    batch: { records: readonly CheckRecord[]; missed?: readonly MissedCheck[] },
  ): Promise<{ stored: StoredBatch; taken: Taken }> {
    const step = this.options.alerting?.step();
    const stored = await storeChecks(db, batch, step?.hook);
    return { stored, taken: { records: batch.records, step } };
  }

  /** After the transactions committed: alerting announces and delivers, checks are told of. */
  committed(taken: readonly Taken[]): void {
    const records: CheckRecord[] = [];
    for (const one of taken) {
      one.step?.afterCommit();
      records.push(...one.records);
    }
    if (records.length) this.options.stored?.(records);
  }
}

/** Whether a check of the observation's region planned later is already stored. */
async function newerCheckStored(trx: Kysely<Database>, observation: Observation) {
  const region = observation.sightings[0]?.region ?? AGENT_CHECK_REGION;
  const newer = await trx
    .selectFrom("check_results")
    .select("planned_at")
    .where("monitor_id", "=", observation.monitorId)
    .where("region", "=", region)
    .where("planned_at", ">", observation.plannedAt)
    .limit(1)
    .executeTakeFirst();
  return newer !== undefined;
}

/** Stores a late observation as history; the monitor's last check time stays the newer one. */
async function storeHistory(
  trx: Transaction<Database>,
  observation: Observation,
  health: MonitorHealth,
): Promise<CheckRecord[]> {
  const monitor = await trx
    .selectFrom("monitors")
    .select("last_checked_at")
    .where("id", "=", observation.monitorId)
    .executeTakeFirst();
  const records = historyOf(observation, health);
  const stored = await storeChecksIn(trx, { records });
  const lastCheckedAt = monitor?.last_checked_at ?? null;
  if (stored.stored && lastCheckedAt !== null) {
    await trx
      .updateTable("monitors")
      .set({ last_checked_at: Number(lastCheckedAt) })
      .where("id", "=", observation.monitorId)
      .where("last_checked_at", "<", Number(lastCheckedAt))
      .execute();
  }
  return stored.stored ? records : [];
}
