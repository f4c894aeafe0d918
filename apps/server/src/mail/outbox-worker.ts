import type { Database, OutboxTable } from "@upwatch/db";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
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

const BATCH = 20;
const CLAIM_MS = 120_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 30 * 60_000;

/** Delay before the next try after `attempts` failures: 15 s, 30 s, 1 min, ... up to 30 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** Sends the outbox: claims due mail, sends it, records the outcome, retries with backoff. */
export class OutboxWorker {
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly giveUpAfterMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 5_000;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * 60_000;
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due mail now instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error) => this.options.log.error({ err: error }, "outbox: sending failed"))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
        }
      });
  }

  /** Stops polling and waits for the mail being sent right now. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends everything due now; resolves when nothing due is left. */
  async drain(): Promise<void> {
    for (;;) {
      const due = await this.dueMail();
      if (due.length === 0) return;
      for (const row of due) {
        if (await this.claim(row)) await this.deliver(row);
      }
    }
  }

  private dueMail() {
    const now = this.now();
    return this.options.db
      .selectFrom("outbox")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
          eb.and([eb("status", "=", "sending"), eb("locked_until", "<", now)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .limit(BATCH)
      .execute();
  }

  /** Takes the mail for this worker only; another worker or a racing wake-up loses. */
  private async claim(row: OutboxTable): Promise<boolean> {
    const result = await this.options.db
      .updateTable("outbox")
      .set({ status: "sending", locked_until: this.now() + CLAIM_MS })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .where("attempts", "=", row.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async deliver(row: OutboxTable): Promise<void> {
    const mail = JSON.parse(row.message) as OutgoingMail;
    try {
      await this.options.transport.send(mail, row.id);
      await this.options.db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: this.now(), locked_until: null, last_error: null })
        .where("id", "=", row.id)
        .execute();
    } catch (error) {
      await this.recordFailure(row, error);
    }
  }

  private async recordFailure(row: OutboxTable, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const attempts = row.attempts + 1;
    const now = this.now();
    const giveUp =
      error instanceof PermanentMailError || now - row.created_at >= this.giveUpAfterMs;
    await this.options.db
      .updateTable("outbox")
      .set({
        status: giveUp ? "failed" : "pending",
        attempts,
        next_attempt_at: now + retryDelayMs(attempts),
        locked_until: null,
        last_error: reason.slice(0, 1000),
      })
      .where("id", "=", row.id)
      .execute();
    const log = { mail: row.id, kind: row.kind, attempts, reason };
    if (giveUp) this.options.log.error(log, "outbox: gave up on a mail");
    else this.options.log.warn(log, "outbox: sending failed, will retry");
  }
}
