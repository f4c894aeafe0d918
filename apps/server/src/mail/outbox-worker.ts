import type { Database, OutboxTable } from "@upwatch/db";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { LeaseQueue } from "../background/lease-queue.ts";
import { PeriodicTask } from "../background/periodic-task.ts";
import { type MailTransport, type OutgoingMail, PermanentMailError } from "./outgoing-mail.ts";

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  log: FastifyBaseLogger;
  now?: () => number;
  /** How often the worker looks for due mail when nobody wakes it. */
  pollMs?: number;
  /** After this long without success a mail is given up, with the last reason kept. */
  giveUpAfterMs?: number;
}

/** One attempt to send a mail, as the outbox tells those who listen (the alert delivery log). */
export interface MailAttempt {
  row: OutboxTable;
  ok: boolean;
  error: string | null;
  latencyMs: number;
  /** True when the mail will not be tried again (sent, or given up). */
  final: boolean;
}

export type MailAttemptListener = (attempt: MailAttempt) => Promise<void>;

const BATCH = 50;
const CLAIM_MS = 120_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 30 * 60_000;

/** Delay before the next try after `attempts` failures: 15 s, 30 s, 1 min, ... up to 30 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** Sends the outbox: claims due mail in batches, sends it, records outcomes, retries with backoff. */
export class OutboxWorker {
  private readonly now: () => number;
  private readonly giveUpAfterMs: number;
  private readonly queue: LeaseQueue<"outbox">;
  private readonly task: PeriodicTask;
  private stopping = false;
  private readonly listeners: MailAttemptListener[] = [];

  constructor(private readonly options: OutboxWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * 60_000;
    this.queue = new LeaseQueue({
      db: options.db,
      table: "outbox",
      now: this.now,
      leaseMs: CLAIM_MS,
      retriesAt: true,
    });
    this.task = new PeriodicTask({
      run: () => this.drain(),
      everyMs: options.pollMs ?? 5_000,
      onError: (error) => options.log.error({ err: error }, "outbox: sending failed"),
      runAtStart: true,
    });
  }

  /** Hears of every send attempt, after it is made. */
  onAttempt(listener: MailAttemptListener): void {
    this.listeners.push(listener);
  }

  start(): void {
    this.stopping = false;
    this.task.start();
  }

  /** Looks for due mail now instead of at the next poll. */
  wake(): void {
    this.task.wake();
  }

  /** Stops polling and waits for the mail being sent right now; the rest waits for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.task.stop();
  }

  /** Sends everything due now; resolves when nothing due is left or the worker is stopping. */
  async drain(): Promise<void> {
    for (;;) {
      const batch = await this.queue.claimRows(BATCH);
      if (batch.length === 0) return;
      const sent: string[] = [];
      for (const row of batch) {
        if (await this.deliver(row)) sent.push(row.id);
        // Building and writing a mail is synchronous work; let waiting requests go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await this.queue.complete(sent, "sent", { sent_at: this.now(), last_error: null });
      if (this.stopping && this.task.busy) return;
    }
  }

  private async deliver(row: OutboxTable): Promise<boolean> {
    const started = performance.now();
    try {
      await this.options.transport.send(JSON.parse(row.message) as OutgoingMail, row.id);
    } catch (error) {
      const { reason, giveUp } = await this.recordFailure(row, error);
      await this.tell({
        row,
        ok: false,
        error: reason,
        latencyMs: elapsed(started),
        final: giveUp,
      });
      return false;
    }
    await this.tell({ row, ok: true, error: null, latencyMs: elapsed(started), final: true });
    return true;
  }

  private async tell(attempt: MailAttempt): Promise<void> {
    for (const listener of this.listeners) {
      await listener(attempt).catch((error: unknown) =>
        this.options.log.error({ err: error, mail: attempt.row.id }, "outbox: a listener failed"),
      );
    }
  }

  private async recordFailure(
    row: OutboxTable,
    error: unknown,
  ): Promise<{ reason: string; giveUp: boolean }> {
    const reason = error instanceof Error ? error.message : String(error);
    const attempts = row.attempts + 1;
    const now = this.now();
    const giveUp =
      error instanceof PermanentMailError || now - row.created_at >= this.giveUpAfterMs;
    const changes = {
      attempts,
      next_attempt_at: now + retryDelayMs(attempts),
      last_error: reason.slice(0, 1000),
    };
    if (giveUp) await this.queue.giveUp(row.id, changes);
    else await this.queue.retryAt(row.id, changes.next_attempt_at, changes);
    const log = { mail: row.id, kind: row.kind, attempts, reason };
    if (giveUp) this.options.log.error(log, "outbox: gave up on a mail");
    else this.options.log.warn(log, "outbox: sending failed, will retry");
    return { reason, giveUp };
  }
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
