import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";

export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: TransactionWork<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

const MAX_BATCH = 200;

/**
 * Group commit: writes that arrive while a commit is under way share the next transaction, so a
 * burst of submissions costs a handful of commits instead of one each. Every caller still hears
 * back only after its own write is committed.
 */
export class WriteBatcher {
  private readonly queue: Pending[] = [];
  private flushing = false;

  /**
   * `gatherMs` holds the first write of a batch that long for others to join it: fewer commits
   * (each one a disk sync, and on SQLite a pause of the event loop) for a little latency.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { gatherMs?: number } = {},
  ) {}

  /** Runs `work` inside a committed transaction, possibly shared with other writes. */
  run<T>(work: TransactionWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        const gatherMs = this.options.gatherMs ?? 0;
        if (gatherMs > 0) setTimeout(() => void this.flush(), gatherMs);
        else setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const results = await this.db.transaction().execute(async (trx) => {
          const out: unknown[] = [];
          for (const pending of batch) out.push(await pending.work(trx));
          return out;
        });
        batch.forEach((pending, i) => {
          pending.resolve(results[i]);
        });
      } catch {
        await this.runEachAlone(batch);
      }
    }
    this.flushing = false;
  }

  /** After a failed shared commit, one bad write must not sink the others. */
  private async runEachAlone(batch: Pending[]): Promise<void> {
    for (const pending of batch) {
      try {
        pending.resolve(await this.db.transaction().execute(pending.work));
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}
