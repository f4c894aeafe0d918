import {
  type CheckReport,
  CheckScheduler,
  type NetworkAccess,
  type ScheduledCheck,
  type SchedulerOptions,
} from "@upwatch/checks";
import {
  type HealthRules,
  isScheduledCheckType,
  type MonitorHealth,
  type RegionRule,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ChangedAlert } from "../alerting/index.ts";
import { PeriodicTask } from "../background/periodic-task.ts";
import type { CheckIntake } from "../check-intake/check-intake.ts";
import type { CheckRecord } from "../check-intake/check-record.ts";
import { judgeObservation } from "../check-intake/judge-observation.ts";
import type {
  CheckMetrics,
  RegionMetrics,
  ResultWriteMetrics,
  RunnerResultMetrics,
} from "../metrics/server-metrics.ts";
import { loadSecureValues } from "../records/load-secure-values.ts";
import { type Monitor, monitorFromRow } from "../records/monitor-record.ts";
import type { SecretBox } from "../secrets/secret-box.ts";
import { AgentTaskPlanner } from "./agent-task-planner.ts";
import type { EngineBroker, RunnerResultMessage } from "./broker-ports.ts";
import type { ImmediateCheck, ImmediateChecks, MonitorChanges } from "./engine-ports.ts";
import { JobBatcher } from "./job-batcher.ts";
import { JobIdentity } from "./job-identity.ts";
import {
  needsSecureValues,
  roundTimeLimitMs,
  type SecureValueLoader,
  scheduledCheckOf,
  secureValuesOf,
} from "./monitor-check.ts";
import { pruneCheckHistory } from "./prune-results.ts";
import { type ActiveRegion, RegionWatch } from "./region-watch.ts";
import { ReportIntake } from "./report-intake.ts";
import { ResultWriter } from "./result-writer.ts";
import {
  CLOSED_ROUND_MEMORY_MS,
  type ClosedRound,
  type RegionalResult,
  type ResultRefusal,
  type ResultVerdict,
  type RoundPlan,
  RoundTracker,
} from "./round-tracker.ts";

interface EngineLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** A round waits this long past the check's timeout for its regions' results. */
export const ROUND_GRACE_MS = 15_000;
/** A runner must start a check within this long of its planned time. */
export const START_WITHIN_MS = 10_000;
/**
 * A job is handed out at its planned time, never before, so a result planned later than now is
 * made up; the servers' clocks may differ this much (the next leader may run behind).
 */
export const CLOCK_TOLERANCE_MS = 10_000;

export interface MonitoringEngineOptions {
  db: Kysely<Database>;
  /** Opens the monitors' stored options (credentials are sealed at rest). */
  secrets: SecretBox;
  /** Reads the secure variables multi-step checks refer to; by default from the database. */
  secureValues?: SecureValueLoader;
  network: NetworkAccess;
  concurrency: number;
  log: EngineLog;
  now?: () => number;
  /** Makes ids (region outages). */
  newId?: (prefix: string) => string;
  /** The region checked in-process; null when every region needs a runner. */
  localRegion?: string | null;
  /** Runners in other regions, through the broker; unset: only the local region is checked. */
  broker?: EngineBroker | undefined;
  /** Hears of runner outages by mail (once per outage). */
  operatorEmail?: string | undefined;
  /** A mail was queued (a runner outage): send it now. */
  mailQueued?: (() => void) | undefined;
  /** Replaces the check runner (tests). */
  run?: SchedulerOptions["run"];
  flushIntervalMs?: number;
  /** How often the schedule is reconciled with the database (changes made by other processes). */
  syncIntervalMs?: number;
  pruneIntervalMs?: number;
  /** The longest history an account may choose (HISTORY_DAYS_MAX); pruning keeps no more. */
  maxHistoryDays?: number;
  /** How often runner health is judged. */
  regionWatchIntervalMs?: number;
  /** Sees every finished check (benchmarks measure schedule lag with it). */
  observe?: (report: CheckReport & { region: string }) => void;
  /** Where checks enter: stored with their alerts in one transaction, then announced. */
  checks?: CheckIntake | undefined;
  metrics?:
    | (CheckMetrics & ResultWriteMetrics & Partial<RegionMetrics> & Partial<RunnerResultMetrics>)
    | undefined;
  /** Told of the no-agent alerts planning opened or resolved. */
  alertsChanged?: ((alerts: readonly ChangedAlert[]) => void) | undefined;
  /** How often planned tasks of agent-run monitors are written. */
  taskFlushIntervalMs?: number;
}

interface Known {
  updatedAt: number;
  health: MonitorHealth;
  rules: HealthRules;
  regions: string[];
  rule: RegionRule;
  type: string;
  timeoutMs: number;
  intervalMs: number;
  check: ScheduledCheck;
  paused: boolean;
  /** Set for a monitor that runs from an agent: its planned times become tasks. */
  agent?: { agentId: string | null; accountId: string; name: string } | undefined;
}

/** What runs while this process leads: the plan, the rounds, the broker's reports. */
interface Term {
  scheduler: CheckScheduler;
  rounds: RoundTracker;
  sweep: NodeJS.Timeout;
  jobs: JobBatcher | undefined;
  intake: ReportIntake | undefined;
}

/**
 * The monitoring engine: plans every active monitor's checks; each planned time is a round
 * checked from each of the monitor's regions (the local one in-process, the others by runners
 * through the broker); a round is judged by the monitor's region rule once every region answered
 * or its time is up, then the health rules apply and every regional result is stored in
 * batches. Regions that did not answer are recorded as missed. Runner health is watched, old
 * history pruned. It is told about API changes directly and reconciles with the database every
 * minute. It can be started and stopped again (leadership moves between processes).
 */
export class MonitoringEngine implements MonitorChanges, ImmediateChecks {
  private readonly writer: ResultWriter;
  private readonly planner: AgentTaskPlanner;
  private readonly jobIds: JobIdentity;
  private readonly known = new Map<string, Known>();
  /** When each monitor's last round here closed. */
  private readonly finished = new Map<string, number>();
  private readonly now: () => number;
  private readonly local: string | null;
  private readonly tasks: PeriodicTask[];
  private readonly watch: RegionWatch;
  /** Which report each stored record came from, to acknowledge the report once stored. */
  private readonly reportOf = new Map<CheckRecord, string>();
  private term: Term | undefined;
  /** The term's report intake, kept until the results judged before a stop are stored. */
  private intake: ReportIntake | undefined;
  private completed = 0;
  private listening = false;
  /** Results dropped as repeats before storage (the writer counts those the database drops). */
  private repeated = 0;
  /** The latest settings read of each monitor: an older read that finishes later is dropped. */
  private readonly reads = new Map<string, number>();
  private lastRead = 0;

  constructor(private readonly options: MonitoringEngineOptions) {
    this.now = options.now ?? Date.now;
    this.local = options.localRegion === undefined ? "us-west-1" : options.localRegion;
    this.jobIds = new JobIdentity(options.secrets);
    this.writer = new ResultWriter({
      db: options.db,
      flushIntervalMs: options.flushIntervalMs,
      metrics: options.metrics,
      checks: options.checks,
      afterCommit: (records) => this.settleReports(records),
      afterMissed: (missed) => {
        for (const miss of missed) options.metrics?.checksMissed?.(miss.region, 1);
      },
      onError: (error, dropped) =>
        options.log.error({ err: error, dropped }, "storing check results failed; will retry"),
    });
    const newId =
      options.newId ?? ((prefix) => `${prefix}_${crypto.randomUUID().replaceAll("-", "")}`);
    this.planner = new AgentTaskPlanner({
      db: options.db,
      secrets: options.secrets,
      now: this.now,
      newId,
      flushIntervalMs: options.taskFlushIntervalMs,
      missed: (missed) => this.writer.addMissed(missed),
      alertsChanged: options.alertsChanged,
      onError: (error, dropped) =>
        options.log.error({ err: error, dropped }, "creating agent tasks failed"),
    });
    this.watch = new RegionWatch({
      db: options.db,
      now: this.now,
      newId,
      localRegion: this.local,
      operatorEmail: options.operatorEmail,
      mailQueued: options.mailQueued,
      log: options.log,
      activeRegions: () => this.activeRegions(),
    });
    options.metrics?.watchScheduler(() => this.counters());
    // Only the leader judges runner health; a follower reports no regions.
    options.metrics?.watchRegions?.(() => (this.term ? this.watch.gauges() : []));
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
      new PeriodicTask({
        run: () => this.watch.check(),
        everyMs: options.regionWatchIntervalMs ?? 5000,
        onError: (error) => options.log.warn({ err: error }, "judging runner health failed"),
      }),
    ];
    const broker = options.broker;
    if (broker) {
      this.tasks.push(
        new PeriodicTask({
          run: () => broker.jobs.trim(600_000, this.now()),
          everyMs: 60_000,
          onError: (error) => options.log.warn({ err: error }, "trimming job streams failed"),
        }),
      );
    }
  }

  /** Starts planning (this process leads): reads every monitor, then runs their rounds. */
  async start(): Promise<void> {
    if (this.term) return;
    const scheduler = new CheckScheduler({
      network: this.options.network,
      concurrency: this.options.concurrency,
      now: this.now,
      run: this.options.run,
      onPlanned: (check, plannedAt) => this.startRound(check.id, plannedAt),
      onReport: (report) => this.localReport(report),
    });
    const rounds = new RoundTracker((round) => this.judge(round), this.now());
    const broker = this.options.broker;
    const term: Term = {
      scheduler,
      rounds,
      sweep: setInterval(() => rounds.closeDue(this.now()), 500),
      jobs: broker
        ? new JobBatcher(broker.jobs, (error, dropped) =>
            this.options.log.warn({ err: error, dropped }, "publishing check jobs failed"),
          )
        : undefined,
      intake: broker
        ? new ReportIntake({
            broker,
            now: this.now,
            log: this.options.log,
            accept: (result, reportId) => this.remoteResult(result, reportId),
            onDuplicates: (count) => {
              this.repeated += count;
              this.options.metrics?.duplicatesDropped(count);
            },
            onRefused: (reason) => this.options.metrics?.runnerResultRefused?.(reason),
          })
        : undefined,
    };
    this.term = term;
    this.intake = term.intake;
    this.known.clear();
    await this.sync();
    await this.watch
      .start()
      .catch((error: unknown) =>
        this.options.log.warn({ err: error }, "judging runner health failed"),
      );
    if (broker && !this.listening) {
      await broker.control.onServerControl((message) => {
        if (message.kind === "runner-revoked") this.term?.intake?.revoked(message.runnerId);
      });
      this.listening = true;
    }
    term.intake?.start();
    scheduler.start();
    this.planner.start();
    this.writer.start();
    for (const task of this.tasks) task.start();
    this.options.log.info(
      { monitors: scheduler.counters().scheduled, localRegion: this.local, broker: !!broker },
      "monitoring engine started",
    );
  }

  /**
   * Stops planning, drops checks in flight and open rounds, and writes every result judged.
   * Reports whose results were not stored stay unacknowledged for the next leader.
   */
  async stop(): Promise<void> {
    const term = this.term;
    if (!term) return;
    this.term = undefined;
    clearInterval(term.sweep);
    await Promise.all(this.tasks.map((task) => task.stop()));
    await term.scheduler.stop();
    await term.jobs?.flush();
    await this.planner.stop();
    term.rounds.clear();
    await this.writer.stop();
    await term.intake?.stop();
    this.intake = undefined;
    this.reportOf.clear();
  }

  saved(monitor: Monitor): void {
    if (!this.term) return;
    const fresh = monitor.consecutive_failures === 0 && monitor.consecutive_successes === 0;
    this.follow([monitor], monitor.state === "unknown" && fresh).catch((error: unknown) =>
      this.options.log.warn({ err: error, monitorId: monitor.id }, "scheduling a monitor failed"),
    );
  }

  removed(monitorId: string): void {
    this.term?.scheduler.remove(monitorId);
    this.dropRounds(monitorId);
    this.known.delete(monitorId);
    this.finished.delete(monitorId);
    this.reads.delete(monitorId);
  }

  /**
   * Checks a monitor now from all its regions, through the same rules, writer and alerting as
   * its planned rounds, and waits until the round is stored. An open round of it is joined; one
   * that closed (here, or stored by another process) within `gapMs` makes it `too-soon`.
   */
  async checkNow(monitor: Monitor, gapMs: number): Promise<ImmediateCheck> {
    const term = this.term;
    if (!term) return { outcome: "not-run" };
    if (this.known.get(monitor.id)?.updatedAt !== monitor.updated_at) {
      await this.follow([monitor], false);
    }
    const known = this.known.get(monitor.id);
    // An agent-run monitor is checked only by its agent, when it collects the task.
    if (!known || known.paused || known.agent) return { outcome: "not-run" };
    let plannedAt = term.rounds.openRoundOf(monitor.id);
    if (plannedAt === undefined) {
      // Nobody could answer: say so now rather than after the round's time is up.
      const served = known.regions.some(
        (region) => region === this.local || (term.jobs && this.watch.liveRunners(region) > 0),
      );
      if (!served) return { outcome: "not-run" };
      const last = Math.max(monitor.last_checked_at ?? 0, this.finished.get(monitor.id) ?? 0);
      if (last > 0 && this.now() - last < gapMs) return { outcome: "too-soon" };
      plannedAt = this.now();
      this.startRound(monitor.id, plannedAt);
      if (this.local !== null && known.regions.includes(this.local)) {
        void term.scheduler.runNow(monitor.id, plannedAt).catch(() => undefined);
      }
    }
    const round = await term.rounds.whenClosed(monitor.id, plannedAt);
    if (!round || round.results.length === 0) return { outcome: "not-run" };
    await this.writer.flush();
    const first = round.results.find((result) => result.region === this.local) ?? round.results[0]!;
    return { outcome: "checked", checkedAt: first.startedAt };
  }

  counters() {
    const scheduler = this.term?.scheduler.counters();
    return {
      scheduled: scheduler?.scheduled ?? 0,
      running: scheduler?.running ?? 0,
      waiting: scheduler?.waiting ?? 0,
      skipped: scheduler?.skipped ?? 0,
      /** Results received (from this process and from runners). */
      completed: this.completed,
      openRounds: this.term?.rounds.openRounds ?? 0,
      stored: this.writer.stored,
      duplicates: this.repeated + this.writer.duplicates,
      unsaved: this.writer.pending,
    };
  }

  /** Writes buffered results now (tests and shutdown). */
  async flush(): Promise<void> {
    await this.term?.jobs?.flush();
    await this.planner.flush();
    await this.writer.flush();
    await this.term?.intake?.flushAcks();
  }

  /** Closes the rounds whose time is up now (tests), then writes what they judged. */
  async closeDueRounds(): Promise<void> {
    this.term?.rounds.closeDue(this.now());
    await this.flush();
  }

  /** Judges runner health now (tests). */
  checkRegions(): Promise<void> {
    return this.watch.check();
  }

  /** Live runners and outages per region, as last judged. */
  regions() {
    return this.watch.gauges();
  }

  /** Brings the schedule in line with the database, reading in full only what changed. */
  async sync(): Promise<void> {
    if (!this.term) return;
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
      await this.follow(
        rows.map((row) => monitorFromRow(row, this.options.secrets)),
        false,
      );
    }
    for (const id of this.known.keys()) if (!seen.has(id)) this.removed(id);
  }

  prune() {
    return pruneCheckHistory(this.options.db, this.now(), this.options.maxHistoryDays);
  }

  /**
   * Schedules monitors as read. Those whose checks need secure values are scheduled once the
   * values are read; the others at once, so a saved monitor is followed before `saved` returns.
   */
  private async follow(monitors: readonly Monitor[], runNow: boolean): Promise<void> {
    const term = this.term;
    if (!term) return;
    const waiting: { monitor: Monitor; read: number }[] = [];
    for (const monitor of monitors) {
      const read = ++this.lastRead;
      this.reads.set(monitor.id, read);
      if (needsSecureValues(monitor)) waiting.push({ monitor, read });
      else this.apply(monitor, scheduledCheckOf(monitor), runNow);
    }
    if (waiting.length === 0) return;
    const { db, secrets } = this.options;
    const load: SecureValueLoader =
      this.options.secureValues ??
      ((accountId, names) => loadSecureValues(db, secrets, accountId, names));
    const values = await secureValuesOf(
      waiting.map((entry) => entry.monitor),
      load,
    );
    for (const { monitor, read } of waiting) {
      // Stopped, removed or read again meanwhile: the newer state wins.
      if (this.term !== term || this.reads.get(monitor.id) !== read) continue;
      this.apply(monitor, scheduledCheckOf(monitor, values.get(monitor.id)), runNow);
    }
  }

  private apply(monitor: Monitor, scheduled: ScheduledCheck, runNow: boolean): void {
    const term = this.term;
    if (!term) return;
    const previous = this.known.get(monitor.id);
    const fromAgent = monitor.run_from === "agent";
    // Pings check a heartbeat monitor: it is followed, never scheduled.
    const pinged = !isScheduledCheckType(monitor.type);
    // An agent-run monitor keeps its regions stored, but no region checks it.
    const regions = fromAgent || pinged ? [] : monitor.regions;
    const rule = monitor.region_rule;
    const check: ScheduledCheck = {
      ...scheduled,
      runsHere: this.local !== null && (regions as readonly string[]).includes(this.local),
    };
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
      regions,
      rule,
      type: monitor.type,
      timeoutMs: roundTimeLimitMs(check),
      intervalMs: monitor.interval_seconds * 1000,
      check,
      paused: monitor.paused || pinged,
      agent: fromAgent
        ? { agentId: monitor.agent_id, accountId: monitor.account_id, name: monitor.name }
        : undefined,
    });
    if (monitor.paused || pinged) {
      term.scheduler.remove(monitor.id);
      this.dropRounds(monitor.id);
    } else term.scheduler.upsert(check, runNow);
  }

  /** Opens a round of the monitor and hands the other regions' checks to their runners. */
  private startRound(monitorId: string, plannedAt: number): void {
    const known = this.known.get(monitorId);
    const term = this.term;
    if (!known || !term) return;
    if (known.agent) {
      this.planner.add({
        monitorId,
        accountId: known.agent.accountId,
        monitorName: known.agent.name,
        agentId: known.agent.agentId,
        plannedAt,
        spec: known.check.spec,
      });
      return;
    }
    term.rounds.start(monitorId, plannedAt, {
      regions: known.regions,
      deadline: plannedAt + known.timeoutMs + ROUND_GRACE_MS,
    });
    if (!term.jobs) return;
    for (const region of known.regions) {
      if (region === this.local) continue;
      term.jobs.add({
        monitorId,
        region,
        plannedAt,
        startBy: plannedAt + START_WITHIN_MS,
        jobId: this.jobIds.issue({ monitorId, region, plannedAt }),
        spec: known.check.spec,
      });
    }
  }

  private localReport(report: CheckReport): void {
    if (this.local === null) return;
    this.receive({ ...report, region: this.local }, () =>
      this.planOf(report.monitorId, report.plannedAt),
    );
  }

  /**
   * A runner's result is taken only for a check dispatched to its region: one of a round open
   * here, or, for a round another leadership opened, one whose job identity this deployment
   * issued, planned neither in the future nor longer ago than closed rounds are remembered.
   */
  private remoteResult(result: RunnerResultMessage, reportId: string): ResultVerdict {
    const { jobId, ...regional } = result;
    const now = this.now();
    if (result.plannedAt > now + CLOCK_TOLERANCE_MS) return "future";
    return this.receive({ ...regional, reportId }, () => {
      const plan = this.planOf(result.monitorId, result.plannedAt);
      if (typeof plan === "string" || !plan.regions.includes(result.region)) return plan;
      if (!this.jobIds.recognises(result, jobId)) return "not-dispatched";
      if (result.plannedAt < now - CLOSED_ROUND_MEMORY_MS) return "too-late";
      return plan;
    });
  }

  /** The round a monitor's planned time makes now, or why the monitor has none. */
  private planOf(monitorId: string, plannedAt: number): RoundPlan | ResultRefusal {
    const known = this.known.get(monitorId);
    if (!known || known.paused || known.agent) return "unknown-monitor";
    return { regions: known.regions, deadline: plannedAt + known.timeoutMs + ROUND_GRACE_MS };
  }

  private receive(result: RegionalResult, planOf: () => RoundPlan | ResultRefusal): ResultVerdict {
    const term = this.term;
    if (!term) return "unknown-monitor";
    const verdict = term.rounds.add(result, planOf);
    if (verdict === "accepted") {
      this.completed += 1;
      this.options.observe?.(result);
    }
    return verdict;
  }

  /** A round closed: judge it, apply the health rules, store its results and missed regions. */
  private judge(round: ClosedRound): void {
    const known = this.known.get(round.monitorId);
    const results = round.results;
    if (!known) {
      for (const result of results) if (result.reportId) this.intake?.settle(result.reportId);
      return;
    }
    this.finished.set(round.monitorId, this.now());
    const judged = judgeObservation(
      {
        monitorId: round.monitorId,
        plannedAt: round.plannedAt,
        sightings: results.map((result) => ({
          region: result.region,
          checkedAt: result.startedAt,
          outcome: result.outcome,
        })),
        missing: round.missing.map((region) => ({
          region,
          reason:
            region !== this.local && this.watch.liveRunners(region) === 0
              ? "no-runner"
              : "no-result",
        })),
      },
      known,
    );
    known.health = judged.health;
    if (judged.missed.length) this.writer.addMissed(judged.missed);
    for (const [index, record] of judged.records.entries()) {
      const result = results[index]!;
      this.options.metrics?.checkFinished({
        type: known.type,
        region: result.region,
        status: result.outcome.status,
        lagMs: result.startedAt - result.plannedAt,
      });
      if (result.reportId) this.reportOf.set(record, result.reportId);
      this.writer.add(record);
    }
  }

  /** Drops a monitor's open rounds; the reports of their results need nothing more. */
  private dropRounds(monitorId: string): void {
    const dropped = this.term?.rounds.forget(monitorId) ?? [];
    for (const result of dropped) {
      if (result.reportId) this.intake?.settle(result.reportId);
    }
  }

  private settleReports(records: readonly CheckRecord[]): void {
    if (this.reportOf.size === 0) return;
    for (const record of records) {
      const reportId = this.reportOf.get(record);
      if (!reportId) continue;
      this.reportOf.delete(record);
      this.intake?.settle(reportId);
    }
  }

  /** Regions with active monitors: how many, and the shortest interval of each. */
  private activeRegions(): Map<string, ActiveRegion> {
    const regions = new Map<string, ActiveRegion>();
    for (const known of this.known.values()) {
      if (known.paused || known.agent) continue;
      for (const region of known.regions) {
        const entry = regions.get(region);
        if (!entry) regions.set(region, { monitors: 1, shortestMs: known.intervalMs });
        else {
          entry.monitors += 1;
          entry.shortestMs = Math.min(entry.shortestMs, known.intervalMs);
        }
      }
    }
    return regions;
  }
}
