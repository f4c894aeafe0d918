import {
  type CheckReport,
  CheckScheduler,
  type NetworkAccess,
  type SchedulerOptions,
} from "@upwatch/checks";
import { applyCheckResult, type HealthRules, type MonitorHealth } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { PeriodicTask } from "../background/periodic-task.ts";
import type { CheckMetrics, ResultWriteMetrics } from "../metrics/server-metrics.ts";
import type { ImmediateCheck, ImmediateChecks } from "../services/checks/check-monitor-now.ts";
import type { MonitorChanges } from "../services/monitors/monitor-changes.ts";
import { type Monitor, monitorFromRow } from "../services/monitors/monitor-record.ts";
import type { SecretBox } from "../services/secrets/secret-box.ts";
import { scheduledCheckOf } from "./monitor-check.ts";
import { pruneCheckHistory } from "./prune-results.ts";
import { ResultWriter, type ResultWriterOptions } from "./result-writer.ts";

interface EngineLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MonitoringEngineOptions {
  db: Kysely<Database>;
  /** Opens the monitors' stored options (credentials are sealed at rest). */
  secrets: SecretBox;
  network: NetworkAccess;
  concurrency: number;
  log: EngineLog;
  now?: () => number;
  /** Replaces the check runner (tests). */
  run?: SchedulerOptions["run"];
  flushIntervalMs?: number;
  /** How often the schedule is reconciled with the database (changes made by other processes). */
  syncIntervalMs?: number;
  pruneIntervalMs?: number;
  /** Sees every finished check (benchmarks measure schedule lag with it). */
  observe?: (report: CheckReport) => void;
  /** Turns stored checks into alerts in the same transaction. */
  alerting?: Pick<ResultWriterOptions, "hook" | "afterCommit">;
  metrics?: (CheckMetrics & ResultWriteMetrics) | undefined;
}

interface Known {
  updatedAt: number;
  health: MonitorHealth;
  rules: HealthRules;
  region: string;
  type: string;
}

/**
 * The embedded engine: schedules every active monitor, runs its checks through the runners,
 * applies the failure threshold and stores results in batches; prunes old history hourly.
 * It is told about API changes directly and reconciles with the database every minute.
 */
export class MonitoringEngine implements MonitorChanges, ImmediateChecks {
  private readonly scheduler: CheckScheduler;
  private readonly writer: ResultWriter;
  private readonly known = new Map<string, Known>();
  /** When each monitor's last check here finished. */
  private readonly finished = new Map<string, number>();
  private readonly now: () => number;
  private readonly tasks: PeriodicTask[];

  constructor(private readonly options: MonitoringEngineOptions) {
    this.now = options.now ?? Date.now;
    this.scheduler = new CheckScheduler({
      network: options.network,
      concurrency: options.concurrency,
      now: this.now,
      run: options.run,
      onReport: (report) => this.record(report),
    });
    this.writer = new ResultWriter({
      db: options.db,
      flushIntervalMs: options.flushIntervalMs,
      metrics: options.metrics,
      ...options.alerting,
      onError: (error, dropped) =>
        options.log.error({ err: error, dropped }, "storing check results failed; will retry"),
    });
    options.metrics?.watchScheduler(() => this.scheduler.counters());
    this.tasks = [
      new PeriodicTask({
        run: () => this.sync(),
        everyMs: options.syncIntervalMs ?? 60_000,
        onError: (error) => options.log.warn({ err: error }, "schedule sync failed"),
      }),
      new PeriodicTask({
        run: () => this.prune(),
        everyMs: options.pruneIntervalMs ?? 3_600_000,
        onError: (error) => options.log.warn({ err: error }, "pruning check history failed"),
      }),
    ];
  }

  async start(): Promise<void> {
    await this.sync();
    this.scheduler.start();
    this.writer.start();
    for (const task of this.tasks) task.start();
    this.options.log.info(
      { monitors: this.scheduler.counters().scheduled },
      "monitoring engine started",
    );
  }

  /** Stops scheduling, drops checks in flight and writes every stored result. */
  async stop(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.stop()));
    await this.scheduler.stop();
    await this.writer.stop();
  }

  saved(monitor: Monitor): void {
    const fresh = monitor.consecutive_failures === 0 && monitor.consecutive_successes === 0;
    this.follow(monitor, monitor.state === "unknown" && fresh);
  }

  removed(monitorId: string): void {
    this.scheduler.remove(monitorId);
    this.known.delete(monitorId);
    this.finished.delete(monitorId);
  }

  /**
   * Checks a monitor now through the same health rules, writer and alerting as its scheduled
   * checks, and waits until the result is stored. A check of it already running is joined; one
   * that finished (here, or stored by another process) within `gapMs` makes it `too-soon`.
   */
  async checkNow(monitor: Monitor, gapMs: number): Promise<ImmediateCheck> {
    if (this.known.get(monitor.id)?.updatedAt !== monitor.updated_at) this.follow(monitor, false);
    if (!this.scheduler.isRunning(monitor.id)) {
      const last = Math.max(monitor.last_checked_at ?? 0, this.finished.get(monitor.id) ?? 0);
      if (last > 0 && this.now() - last < gapMs) return { outcome: "too-soon" };
    }
    const report = await this.scheduler.runNow(monitor.id).catch(() => undefined);
    if (!report) return { outcome: "not-run" };
    await this.writer.flush();
    return { outcome: "checked", checkedAt: report.startedAt };
  }

  counters() {
    return {
      ...this.scheduler.counters(),
      stored: this.writer.stored,
      unsaved: this.writer.pending,
    };
  }

  /** Writes buffered results now (tests and shutdown). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Brings the schedule in line with the database, reading in full only what changed. */
  async sync(): Promise<void> {
    const versions = await this.options.db
      .selectFrom("monitors")
      .select(["id", "updated_at"])
      .execute();
    const seen = new Set<string>();
    const changed: string[] = [];
    for (const row of versions) {
      seen.add(row.id);
      if (this.known.get(row.id)?.updatedAt !== row.updated_at) changed.push(row.id);
    }
    for (let start = 0; start < changed.length; start += 500) {
      const part = changed.slice(start, start + 500);
      const rows = await this.options.db
        .selectFrom("monitors")
        .selectAll()
        .where("id", "in", part)
        .execute();
      for (const row of rows) this.follow(monitorFromRow(row, this.options.secrets), false);
    }
    for (const id of this.known.keys()) if (!seen.has(id)) this.removed(id);
  }

  prune() {
    return pruneCheckHistory(this.options.db, this.now());
  }

  private follow(monitor: Monitor, runNow: boolean): void {
    const previous = this.known.get(monitor.id);
    this.known.set(monitor.id, {
      updatedAt: monitor.updated_at,
      health:
        monitor.state === "unknown" || !previous
          ? {
              status: monitor.state,
              consecutiveFailures: monitor.consecutive_failures,
              consecutiveSuccesses: monitor.consecutive_successes,
            }
          : previous.health,
      rules: {
        failureThreshold: monitor.failure_threshold,
        recoveryConfirmations: monitor.recovery_confirmations,
      },
      region: monitor.region,
      type: monitor.type,
    });
    if (monitor.paused) this.scheduler.remove(monitor.id);
    else this.scheduler.upsert(scheduledCheckOf(monitor), runNow);
  }

  private record(report: CheckReport): void {
    this.options.observe?.(report);
    const known = this.known.get(report.monitorId);
    if (!known) return;
    this.finished.set(report.monitorId, this.now());
    const { health, transition } = applyCheckResult(
      known.health,
      report.outcome.status === "up",
      known.rules,
    );
    known.health = health;
    this.options.metrics?.checkFinished({
      type: known.type,
      region: known.region,
      status: report.outcome.status,
      lagMs: report.startedAt - report.plannedAt,
    });
    this.writer.add({
      monitorId: report.monitorId,
      checkedAt: report.startedAt,
      region: known.region,
      outcome: report.outcome,
      health,
      transition,
    });
  }
}
