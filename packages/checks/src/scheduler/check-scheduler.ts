import { setMaxListeners } from "node:events";
import { type CheckOutcome, type CheckSpec, nextPlannedRun } from "@upwatch/core";
import type { NetworkAccess } from "../network/network-access.ts";
import { type RunCheckOptions, runCheck } from "../registry.ts";
import { MinHeap } from "./min-heap.ts";

/** A monitor as the scheduler sees it: an id, how often, and what to run. */
export interface ScheduledCheck {
  id: string;
  intervalMs: number;
  spec: CheckSpec;
  /** False when the check runs elsewhere: the plan is told (`onPlanned`), nothing runs here. */
  runsHere?: boolean;
}

/** One finished check, with when it was planned and when it really started. */
export interface CheckReport {
  monitorId: string;
  plannedAt: number;
  startedAt: number;
  outcome: CheckOutcome;
}

export interface SchedulerOptions {
  network: NetworkAccess;
  /** Checks running at once, across all monitors. */
  concurrency: number;
  onReport(report: CheckReport): void;
  /** Told of every planned time as it comes due (and of runs started at once), before it runs. */
  onPlanned?: (check: ScheduledCheck, plannedAt: number) => void;
  /** Wall-clock time in epoch ms. */
  now?: () => number;
  /** Runs one check; the registry's `runCheck` unless replaced (tests). */
  run?: (spec: CheckSpec, options: RunCheckOptions) => Promise<CheckOutcome>;
}

export interface SchedulerCounters {
  scheduled: number;
  running: number;
  waiting: number;
  completed: number;
  /** Runs not started because the monitor's previous run was still going. */
  skipped: number;
}

interface Entry {
  check: ScheduledCheck;
  version: number;
}

interface Slot {
  id: string;
  version: number;
  plannedAt: number;
}

/**
 * Runs each monitor at `phase + k * interval` (see `nextPlannedRun`), so runs spread over the
 * interval, never drift, and resume on the same plan after a restart. At most `concurrency`
 * checks run at once; a monitor never runs twice at the same time.
 */
export class CheckScheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly heap = new MinHeap<Slot>((slot) => slot.plannedAt);
  private readonly waiting = new SlotQueue();
  private readonly running = new Map<string, Promise<CheckReport | undefined>>();
  private readonly stopController = new AbortController();
  private readonly now: () => number;
  private readonly run: NonNullable<SchedulerOptions["run"]>;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private started = false;
  private stopped = false;
  private versions = 0;
  private completed = 0;
  private skipped = 0;

  constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? Date.now;
    this.run = options.run ?? runCheck;
    setMaxListeners(0, this.stopController.signal);
  }

  /** Adds or replaces a monitor; `runNow` also runs it at once (a new or retargeted monitor). */
  upsert(check: ScheduledCheck, runNow = false): void {
    const version = ++this.versions;
    this.entries.set(check.id, { check, version });
    const now = this.now();
    this.heap.push({
      id: check.id,
      version,
      plannedAt: nextPlannedRun(check.id, check.intervalMs, now),
    });
    if (runNow) this.plan(check, { id: check.id, version, plannedAt: now });
    this.arm();
  }

  /** Forgets a monitor; a run in progress finishes, but no new one starts. */
  remove(monitorId: string): void {
    this.entries.delete(monitorId);
  }

  has(monitorId: string): boolean {
    return this.entries.has(monitorId);
  }

  /** Whether the monitor's check is running right now. */
  isRunning(monitorId: string): boolean {
    return this.running.has(monitorId);
  }

  /**
   * Runs a scheduled monitor's check at once, outside its plan, even when `concurrency` checks
   * are running; a run of it already going is joined rather than overlapped. Resolves with the
   * report (after `onReport`), or undefined when the monitor is not scheduled or the scheduler stops.
   * `onPlanned` is not told: the caller plans the run itself, for `plannedAt` (default now).
   */
  runNow(monitorId: string, plannedAt = this.now()): Promise<CheckReport | undefined> {
    const running = this.running.get(monitorId);
    if (running) return running;
    const entry = this.entries.get(monitorId);
    if (!entry || this.stopped) return Promise.resolve(undefined);
    return this.begin({ id: monitorId, version: entry.version, plannedAt });
  }

  start(): void {
    this.started = true;
    this.arm();
  }

  /** Stops planning, aborts the checks in flight (their results are dropped) and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.waiting.clear();
    this.stopController.abort(new Error("The scheduler is stopping."));
    await Promise.allSettled([...this.running.values()]);
  }

  counters(): SchedulerCounters {
    return {
      scheduled: this.entries.size,
      running: this.running.size,
      waiting: this.waiting.length,
      completed: this.completed,
      skipped: this.skipped,
    };
  }

  private arm(): void {
    if (!this.started || this.stopped) return;
    const next = this.heap.peek();
    if (!next) return;
    if (this.timer && this.timerAt <= next.plannedAt) return;
    clearTimeout(this.timer);
    this.timerAt = next.plannedAt;
    this.timer = setTimeout(() => this.tick(), Math.max(0, next.plannedAt - this.now()));
  }

  private tick(): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.now();
    for (let slot = this.heap.peek(); slot && slot.plannedAt <= now; slot = this.heap.peek()) {
      this.heap.pop();
      const entry = this.entries.get(slot.id);
      if (!entry || entry.version !== slot.version) continue;
      this.heap.push({ ...slot, plannedAt: slot.plannedAt + entry.check.intervalMs });
      this.plan(entry.check, slot);
    }
    this.arm();
  }

  private plan(check: ScheduledCheck, slot: Slot): void {
    if (this.stopped) return;
    this.options.onPlanned?.(check, slot.plannedAt);
    if (check.runsHere !== false) this.dispatch(slot);
  }

  private dispatch(slot: Slot): void {
    if (this.stopped) return;
    if (this.running.has(slot.id)) {
      this.skipped += 1;
      return;
    }
    if (this.running.size >= this.options.concurrency) {
      this.waiting.push(slot);
      return;
    }
    this.begin(slot);
  }

  private begin(slot: Slot): Promise<CheckReport | undefined> {
    const entry = this.entries.get(slot.id);
    if (!entry || entry.version !== slot.version) return Promise.resolve(undefined);
    const startedAt = this.now();
    const done = this.run(entry.check.spec, {
      network: this.options.network,
      now: this.now,
      signal: this.stopController.signal,
    })
      .then((outcome) => {
        if (this.stopped) return undefined;
        this.completed += 1;
        const report = { monitorId: slot.id, plannedAt: slot.plannedAt, startedAt, outcome };
        this.options.onReport(report);
        return report;
      })
      .finally(() => {
        this.running.delete(slot.id);
        this.startWaiting();
      });
    this.running.set(slot.id, done);
    return done;
  }

  private startWaiting(): void {
    while (!this.stopped && this.waiting.length && this.running.size < this.options.concurrency) {
      const slot = this.waiting.take()!;
      if (this.running.has(slot.id)) this.skipped += 1;
      else this.begin(slot);
    }
  }
}

/** A first-in first-out queue with O(1) take. */
class SlotQueue {
  private items: Slot[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(slot: Slot): void {
    this.items.push(slot);
  }

  take(): Slot | undefined {
    const slot = this.items[this.head];
    this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return slot;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }
}
