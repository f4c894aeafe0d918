import type { CheckOutcome } from "@upwatch/core";

/** One region's check of one planned time. */
export interface RegionalResult {
  monitorId: string;
  region: string;
  plannedAt: number;
  startedAt: number;
  outcome: CheckOutcome;
  /** The broker report that brought it, acknowledged once the result is stored. */
  reportId?: string | undefined;
}

/** A round as it closed: who answered, and the regions that did not. */
export interface ClosedRound {
  monitorId: string;
  plannedAt: number;
  regions: readonly string[];
  results: RegionalResult[];
  missing: string[];
}

interface OpenRound {
  monitorId: string;
  plannedAt: number;
  regions: readonly string[];
  deadline: number;
  results: RegionalResult[];
  /** Told when the round closes; undefined when it was dropped unjudged. */
  waiters: ((round: ClosedRound | undefined) => void)[];
}

/** What a round is expected to be: its regions, and when it closes without everyone. */
export interface RoundPlan {
  regions: readonly string[];
  deadline: number;
}

/** How long a closed round is remembered, so a result repeated within it is dropped. */
export const CLOSED_ROUND_MEMORY_MS = 600_000;

const SECOND = 1000;

/**
 * Collects the results of each round (monitor and planned time) from its regions. A round closes
 * when every region answered or at its deadline, whichever comes first; a second result of one
 * region, or a result of a round closed in the last ten minutes, is a duplicate.
 */
export class RoundTracker {
  private readonly open = new Map<string, OpenRound>();
  /** Open rounds' keys by the second of their deadline. */
  private readonly deadlines = new Map<number, Set<string>>();
  private swept: number;
  /** Planned times of each monitor's recently closed rounds. */
  private readonly closed = new Map<string, number[]>();

  constructor(
    private readonly onClose: (round: ClosedRound) => void,
    now: number,
  ) {
    this.swept = Math.floor(now / SECOND);
  }

  get openRounds(): number {
    return this.open.size;
  }

  /** Starts a round; nothing happens when it is open already or closed lately. */
  start(monitorId: string, plannedAt: number, plan: RoundPlan): void {
    const key = keyOf(monitorId, plannedAt);
    if (this.open.has(key) || this.wasClosed(monitorId, plannedAt)) return;
    this.open.set(key, { monitorId, plannedAt, ...plan, results: [], waiters: [] });
    const second = Math.floor(plan.deadline / SECOND);
    let keys = this.deadlines.get(second);
    if (!keys) {
      keys = new Set();
      this.deadlines.set(second, keys);
    }
    keys.add(key);
  }

  /**
   * Adds a region's result. A result of a round not open here (planned by another process) starts
   * it with `planOf`'s regions; undefined from it means the monitor is unknown.
   */
  add(
    result: RegionalResult,
    planOf: () => RoundPlan | undefined,
  ): "accepted" | "duplicate" | "unknown" {
    const key = keyOf(result.monitorId, result.plannedAt);
    let round = this.open.get(key);
    if (!round) {
      if (this.wasClosed(result.monitorId, result.plannedAt)) return "duplicate";
      const plan = planOf();
      if (!plan) return "unknown";
      this.start(result.monitorId, result.plannedAt, plan);
      round = this.open.get(key)!;
    }
    if (!round.regions.includes(result.region)) return "unknown";
    if (round.results.some((other) => other.region === result.region)) return "duplicate";
    round.results.push(result);
    if (round.regions.every((region) => round.results.some((r) => r.region === region))) {
      this.close(key, round);
    }
    return "accepted";
  }

  /** The planned time of the monitor's open round, if one is open. */
  openRoundOf(monitorId: string): number | undefined {
    for (const round of this.open.values()) {
      if (round.monitorId === monitorId) return round.plannedAt;
    }
    return undefined;
  }

  /** Resolves when the round closes (undefined when it is not open). */
  whenClosed(monitorId: string, plannedAt: number): Promise<ClosedRound | undefined> {
    const round = this.open.get(keyOf(monitorId, plannedAt));
    if (!round) return Promise.resolve(undefined);
    return new Promise((resolve) => round.waiters.push(resolve));
  }

  /** Closes every round whose deadline has passed. */
  closeDue(now: number): void {
    const until = Math.floor(now / SECOND);
    for (let second = this.swept; second <= until; second++) {
      const keys = this.deadlines.get(second);
      if (!keys) continue;
      for (const key of keys) {
        const round = this.open.get(key);
        if (round && round.deadline <= now) this.close(key, round);
      }
      if (second < until) this.deadlines.delete(second);
    }
    this.swept = until;
  }

  /** Forgets a monitor's rounds (it was deleted or paused); returns the results they held. */
  forget(monitorId: string): RegionalResult[] {
    this.closed.delete(monitorId);
    const dropped: RegionalResult[] = [];
    for (const [key, round] of this.open) {
      if (round.monitorId !== monitorId) continue;
      this.open.delete(key);
      dropped.push(...round.results);
      for (const waiter of round.waiters) waiter(undefined);
    }
    return dropped;
  }

  /** Drops every open round unjudged, telling whoever waits (the engine is stopping). */
  clear(): void {
    for (const round of this.open.values()) for (const waiter of round.waiters) waiter(undefined);
    this.open.clear();
    this.deadlines.clear();
  }

  private close(key: string, round: OpenRound): void {
    this.open.delete(key);
    this.deadlines.get(Math.floor(round.deadline / SECOND))?.delete(key);
    this.remember(round.monitorId, round.plannedAt);
    const closed = closedOf(round);
    this.onClose(closed);
    for (const waiter of round.waiters) waiter(closed);
  }

  private remember(monitorId: string, plannedAt: number): void {
    const times = (this.closed.get(monitorId) ?? []).filter(
      (time) => time > plannedAt - CLOSED_ROUND_MEMORY_MS,
    );
    times.push(plannedAt);
    this.closed.set(monitorId, times);
  }

  private wasClosed(monitorId: string, plannedAt: number): boolean {
    return this.closed.get(monitorId)?.includes(plannedAt) ?? false;
  }
}

function keyOf(monitorId: string, plannedAt: number): string {
  return `${monitorId}|${plannedAt}`;
}

function closedOf(round: OpenRound): ClosedRound {
  return {
    monitorId: round.monitorId,
    plannedAt: round.plannedAt,
    regions: round.regions,
    results: round.results,
    missing: round.regions.filter((region) => !round.results.some((r) => r.region === region)),
  };
}
