import { randomBytes } from "node:crypto";
import type { Database } from "@upwatch/db";
import type { Kysely, Selectable, Updateable } from "kysely";

/** The tables worked as queues: each row has a status, a lease expiry and a lease token. */
export type LeasedTable = "outbox" | "notifications";

type LeaseColumns = "status" | "locked_until" | "claim_token";
/** What finishing or retrying a row also sets, besides its status and lease. */
export type RowChanges<T extends LeasedTable> = Omit<Updateable<Database[T]>, LeaseColumns>;

/** The columns the queue works with, the same in every leased table. */
interface QueueRow {
  id: string;
  status: string;
  locked_until: number | null;
  claim_token: string | null;
  next_attempt_at: number;
  created_at: number;
}

export interface LeaseQueueOptions<T extends LeasedTable> {
  db: Kysely<Database>;
  table: T;
  now: () => number;
  /** How long a claim lasts; a crashed worker's rows are claimed by another after it. */
  leaseMs: number;
  /** Whether pending rows wait for their `next_attempt_at` (retried at a time) or go in creation order. */
  retriesAt: boolean;
}

/**
 * A table worked as a queue by several processes: a batch of due rows is claimed in one
 * statement under a lease token and an expiry, so no two workers hold the same row; a row whose
 * lease lapsed (its worker crashed) is due again. Claimed rows are completed, retried at a time,
 * or given up.
 */
export class LeaseQueue<T extends LeasedTable> {
  constructor(private readonly options: LeaseQueueOptions<T>) {}

  /** Claims up to `limit` due rows for this worker alone; returns the claim's token. */
  async claim(limit: number): Promise<string> {
    const { now: clock, leaseMs, retriesAt } = this.options;
    const db = this.queueDb();
    const table = this.table();
    const now = clock();
    const token = randomBytes(9).toString("base64url");
    const due = db
      .selectFrom(table)
      .select("id")
      .where((eb) =>
        eb.or([
          retriesAt
            ? eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)])
            : eb("status", "=", "pending"),
          eb.and([eb("status", "=", "sending"), eb("locked_until", "<", now)]),
        ]),
      )
      .orderBy(retriesAt ? "next_attempt_at" : "created_at")
      .limit(limit);
    await db
      .updateTable(table)
      .set({ status: "sending", locked_until: now + leaseMs, claim_token: token })
      .where("id", "in", due)
      .where((eb) =>
        eb.or([
          eb("status", "=", "pending"),
          eb.and([eb("status", "=", "sending"), eb("locked_until", "<", now)]),
        ]),
      )
      .execute();
    return token;
  }

  /** Claims up to `limit` due rows and returns them. */
  async claimRows(limit: number): Promise<Selectable<Database[T]>[]> {
    const token = await this.claim(limit);
    const rows = await this.queueDb()
      .selectFrom(this.table())
      .selectAll()
      .where("claim_token", "=", token)
      .execute();
    return rows as unknown as Selectable<Database[T]>[];
  }

  /** Ends the rows' claims with a final status (sent, delivered, handed on). */
  async complete(
    ids: readonly string[],
    status: Database[T]["status"],
    changes?: RowChanges<T>,
    trx: Kysely<Database> = this.options.db,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.queueDb(trx)
      .updateTable(this.table())
      .set({ ...(changes ?? {}), status, locked_until: null, claim_token: null })
      .where("id", "in", [...ids])
      .execute();
  }

  /** Ends the row's claim and makes it due again at `at`. */
  async retryAt(id: string, at: number, changes?: RowChanges<T>): Promise<void> {
    await this.queueDb()
      .updateTable(this.table())
      .set({
        ...(changes ?? {}),
        status: "pending",
        next_attempt_at: at,
        locked_until: null,
        claim_token: null,
      })
      .where("id", "=", id)
      .execute();
  }

  /** Ends the row's claim for good: it is not tried again. */
  giveUp(id: string, changes?: RowChanges<T>, trx?: Kysely<Database>): Promise<void> {
    return this.complete([id], "failed", changes, trx);
  }

  // The leased tables share these columns; one query serves each of them.
  private queueDb(db: Kysely<Database> = this.options.db): Kysely<{ queue: QueueRow }> {
    return db as unknown as Kysely<{ queue: QueueRow }>;
  }

  private table(): "queue" {
    return this.options.table as unknown as "queue";
  }
}
