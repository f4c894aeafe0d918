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

/** Why a region's result was not taken into its round. */
export type ResultRefusal =
  /** No active monitor of that id is checked from regions. */
  | "unknown-monitor"
  /** The monitor is not checked from the result's region. */
  | "wrong-region"
  /** No job of that monitor, region and planned time was handed out. */
  | "not-dispatched"
  /** The region's result of that round came already. */
  | "duplicate"
  /** The round closed without it, or was planned too long ago. */
  | "too-late"
  /** Its planned time is still to come: no job of it can have run. */
  | "future";

export type ResultVerdict = "accepted" | ResultRefusal;

interface ClosedMemory {
  plannedAt: number;
  answered: readonly string[];
}

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
  /** Each monitor's recently closed rounds and the regions that answered them. */
  private readonly closed = new Map<string, ClosedMemory[]>();

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
    if (this.open.has(key) || this.closedRound(monitorId, plannedAt)) return;
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
   * it with `planOf`'s regions, or is refused with `planOf`'s reason.
   */
  add(result: RegionalResult, planOf: () => RoundPlan | ResultRefusal): ResultVerdict {
    const key = keyOf(result.monitorId, result.plannedAt);
    let round = this.open.get(key);
    if (!round) {
      const closed = this.closedRound(result.monitorId, result.plannedAt);
      if (closed) return closed.answered.includes(result.region) ? "duplicate" : "too-late";
      const plan = planOf();
      if (typeof plan === "string") return plan;
      if (!plan.regions.includes(result.region)) return "wrong-region";
      this.start(result.monitorId, result.plannedAt, plan);
      round = this.open.get(key)!;
    }
    if (!round.regions.includes(result.region)) return "wrong-region";
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
    const closed = closedOf(round);
    this.remember(closed);
    this.onClose(closed);
    for (const waiter of round.waiters) waiter(closed);
  }

  private remember(round: ClosedRound): void {
    const rounds = (this.closed.get(round.monitorId) ?? []).filter(
      (earlier) => earlier.plannedAt > round.plannedAt - CLOSED_ROUND_MEMORY_MS,
    );
    rounds.push({
      plannedAt: round.plannedAt,
      answered: round.results.map((result) => result.region),
    });
    this.closed.set(round.monitorId, rounds);
  }

  private closedRound(monitorId: string, plannedAt: number): ClosedMemory | undefined {
    return this.closed.get(monitorId)?.find((round) => round.plannedAt === plannedAt);
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
