import { nextPlannedRun } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** How far back each poll looks; a result stored later than this after its check is counted as at least this late. */
export const HORIZON_MS = 15_000;

/**
 * Lag from planned time to stored result, seen from outside the server: several times a second
 * it reads which monitors have a newer last check than it saw, and takes the time it saw that
 * as the time the result was stored (so a lag is late by at most one poll).
 */
export class ResultLag {
  private readonly seen = new Map<string, number>();
  private readonly lags: { plannedAt: number; lagMs: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private window = { from: 0, to: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly intervalMs: number,
    private readonly everyMs = 250,
  ) {}

  /** Keeps the lags of checks planned within [from, to). */
  start(from: number, to: number): void {
    this.window = { from, to };
    this.timer = setInterval(() => void this.poll(), this.everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.polling) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** The lags (ms) observed, sorted; `except` leaves out checks planned within it. */
  sorted(except?: { from: number; to: number }): number[] {
    return this.lags
      .filter((lag) => !except || lag.plannedAt < except.from || lag.plannedAt > except.to)
      .map((lag) => lag.lagMs)
      .sort((a, b) => a - b);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const seenAt = Date.now();
      const rows = await this.db
        .selectFrom("monitors")
        .select(["id", "last_checked_at"])
        .where("last_checked_at", ">=", seenAt - HORIZON_MS)
        .execute();
      for (const row of rows) {
        const checkedAt = Number(row.last_checked_at);
        if (this.seen.get(row.id) === checkedAt) continue;
        this.seen.set(row.id, checkedAt);
        // A check starts within its interval of its planned time, so this is its planned time.
        const plannedAt = nextPlannedRun(row.id, this.intervalMs, checkedAt - this.intervalMs);
        if (plannedAt >= this.window.from && plannedAt < this.window.to) {
          this.lags.push({ plannedAt, lagMs: seenAt - plannedAt });
        }
      }
    } finally {
      this.polling = false;
    }
  }
}
