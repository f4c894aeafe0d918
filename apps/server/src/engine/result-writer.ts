import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { PeriodicTask } from "../background/periodic-task.ts";
import { CheckIntake } from "../check-intake/check-intake.ts";
import type { CheckRecord } from "../check-intake/check-record.ts";
import type { MissedCheck } from "../check-intake/store-checks.ts";
import type { ResultWriteMetrics } from "../metrics/server-metrics.ts";

export interface ResultWriterOptions {
  db: Kysely<Database>;
  /** Largest batch written in one transaction. */
  batchSize?: number;
  /** How often buffered results are written. */
  flushIntervalMs?: number;
  /** Results kept while the database is unreachable; the oldest are dropped beyond this. */
  maxBuffered?: number;
  onError?: (error: unknown, dropped: number) => void;
  /** Where each batch enters (alerting, live events); by default batches are stored alone. */
  checks?: CheckIntake | undefined;
  /** Called after each batch is committed and the intake told, with the batch. */
  afterCommit?: ((records: readonly CheckRecord[]) => void) | undefined;
  /** Called after each batch is committed, with its missed checks. */
  afterMissed?: ((missed: readonly MissedCheck[]) => void) | undefined;
  metrics?: ResultWriteMetrics | undefined;
}

/**
 * Buffers check results and writes them in batches (one transaction each), every second or as
 * soon as a batch is full. A check that changes a monitor's state is written at once, so its
 * alert does not wait for the timer. A failed write is retried with the next flush.
 */
export class ResultWriter {
  private buffer: CheckRecord[] = [];
  private missed: MissedCheck[] = [];
  private readonly timer: PeriodicTask;
  private flushing: Promise<void> | undefined;
  private flushSoon = false;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly checks: CheckIntake;
  stored = 0;
  /** Checks dropped because they were stored before (a repeated result). */
  duplicates = 0;

  constructor(private readonly options: ResultWriterOptions) {
    this.batchSize = options.batchSize ?? 250;
    this.maxBuffered = options.maxBuffered ?? 200_000;
    this.checks = options.checks ?? new CheckIntake();
    this.timer = new PeriodicTask({
      run: () => this.flush(),
      everyMs: options.flushIntervalMs ?? 1000,
      onError: (error) => options.onError?.(error, 0),
    });
  }

  start(): void {
    this.timer.start();
  }

  add(record: CheckRecord): void {
    this.buffer.push(record);
    if (this.buffer.length > this.maxBuffered) {
      const dropped = this.buffer.length - this.maxBuffered;
      this.buffer.splice(0, dropped);
      this.options.onError?.(new Error("The result buffer is full."), dropped);
    }
    if (this.buffer.length >= this.batchSize) void this.flush();
    else if (record.transition && !this.flushSoon) {
      // Other checks finishing in the same moment join this write.
      this.flushSoon = true;
      setImmediate(() => {
        this.flushSoon = false;
        void this.flush();
      });
    }
  }

  /** Records checks no region answered, with the next batch. */
  addMissed(missed: readonly MissedCheck[]): void {
    this.missed.push(...missed);
    if (this.missed.length > this.maxBuffered) {
      const dropped = this.missed.length - this.maxBuffered;
      this.missed.splice(0, dropped);
      this.options.onError?.(new Error("The missed-check buffer is full."), dropped);
    }
  }

  get pending(): number {
    return this.buffer.length + this.missed.length;
  }

  /** Writes everything buffered; concurrent calls share the write in progress, then go again. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0 && this.missed.length === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    await this.timer.stop();
    await this.flush();
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length || this.missed.length) {
      const batch = this.buffer.slice(0, this.batchSize);
      const missed = this.missed.slice(0, this.batchSize);
      try {
        const started = performance.now();
        const { stored: result, taken } = await this.checks.takeJudged(this.options.db, {
          records: batch,
          missed,
        });
        this.stored += result.stored;
        this.duplicates += result.duplicates;
        this.options.metrics?.batchWritten(batch.length, (performance.now() - started) / 1000);
        if (result.duplicates) this.options.metrics?.duplicatesDropped(result.duplicates);
        this.checks.committed([taken]);
        if (batch.length) this.options.afterCommit?.(batch);
        if (missed.length) this.options.afterMissed?.(missed);
      } catch (error) {
        this.options.onError?.(error, 0);
        return;
      }
      this.buffer.splice(0, batch.length);
      this.missed.splice(0, missed.length);
      // SQLite writes block the event loop; let due checks start between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
