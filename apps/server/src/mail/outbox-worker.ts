import { randomBytes } from "node:crypto";
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
          setImmediate(() => this.wake());
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
        }
      });
  }

  /** Stops polling and waits for the mail being sent right now; the rest waits for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends everything due now; resolves when nothing due is left or the worker is stopping. */
  async drain(): Promise<void> {
    for (;;) {
      const batch = await this.claimBatch();
      if (batch.length === 0) return;
      const sent: string[] = [];
      for (const row of batch) {
        if (await this.deliver(row)) sent.push(row.id);
        // Building and writing a mail is synchronous work; let waiting requests go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await this.markSent(sent);
      if (this.stopped && this.running) return;
    }
  }

  /** Claims up to a batch of due mail for this worker alone, in one statement. */
  private async claimBatch(): Promise<OutboxTable[]> {
    const now = this.now();
    const token = randomBytes(9).toString("base64url");
    const due = this.options.db
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
          eb.and([eb("status", "=", "sending"), eb("locked_until", "<", now)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .limit(BATCH);
    await this.options.db
      .updateTable("outbox")
      .set({ status: "sending", locked_until: now + CLAIM_MS, claim_token: token })
      .where("id", "in", due)
      .where((eb) =>
        eb.or([
          eb("status", "=", "pending"),
          eb.and([eb("status", "=", "sending"), eb("locked_until", "<", now)]),
        ]),
      )
      .execute();
    return this.options.db
      .selectFrom("outbox")
      .selectAll()
      .where("claim_token", "=", token)
      .execute();
  }

  private async deliver(row: OutboxTable): Promise<boolean> {
    try {
      await this.options.transport.send(JSON.parse(row.message) as OutgoingMail, row.id);
      return true;
    } catch (error) {
      await this.recordFailure(row, error);
      return false;
    }
  }

  private async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.options.db
      .updateTable("outbox")
      .set({
        status: "sent",
        sent_at: this.now(),
        locked_until: null,
        claim_token: null,
        last_error: null,
      })
      .where("id", "in", ids)
      .execute();
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
        claim_token: null,
        last_error: reason.slice(0, 1000),
      })
      .where("id", "=", row.id)
      .execute();
    const log = { mail: row.id, kind: row.kind, attempts, reason };
    if (giveUp) this.options.log.error(log, "outbox: gave up on a mail");
    else this.options.log.warn(log, "outbox: sending failed, will retry");
  }
}
