import type { Redis } from "ioredis";
import {
  type BrokerOptions,
  brokerKeys,
  closeConnection,
  connectBroker,
  DEFAULT_PREFIX,
  ensureGroup,
  fieldOf,
  pause,
  reportLostConnection,
  SERVERS_GROUP,
  type StreamEntry,
} from "./broker-options.ts";
import { MAX_REPORT_BYTES, parseMessage, RunnerReport } from "./messages.ts";

/** One delivered report; `report` is null when the entry could not be read as a report. */
export interface InboxEntry {
  id: string;
  report: RunnerReport | null;
}

export interface ReportInboxOptions extends BrokerOptions {
  /** This server's instance id: its consumer name in the `servers` group. */
  consumer: string;
  /** Called when reading or handling fails; the inbox retries after a pause. */
  onError?: (error: unknown) => void;
  /** Reports read at once (default 500). */
  batchSize?: number;
  /** Reports delivered but not acked for this long are delivered again (default 60 s). */
  redeliverAfterMs?: number;
}

const RETRY_MS = 1000;
const BLOCK_MS = 1000;

/** Server side (leader): reads runner reports; acks after they were handled. */
export class ReportInbox {
  private readonly keys: ReturnType<typeof brokerKeys>;
  private readonly batchSize: number;
  private readonly redeliverAfterMs: number;
  private reader: Redis | undefined;
  private writer: Redis | undefined;
  private stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: ReportInboxOptions) {
    this.keys = brokerKeys(options.prefix ?? DEFAULT_PREFIX);
    this.batchSize = options.batchSize ?? 500;
    this.redeliverAfterMs = options.redeliverAfterMs ?? 60_000;
  }

  /** Claims pending reports of dead consumers, then delivers batches until stop(). */
  start(handle: (batch: InboxEntry[]) => Promise<void>): void {
    if (this.loop) throw new Error("The report inbox is already started.");
    this.stopping = new AbortController();
    this.reader = connectBroker(this.options, "reports-read");
    this.writer = connectBroker(this.options, "reports-ack");
    // Commands wait while the broker is away rather than fail, so the loss itself is reported.
    reportLostConnection(this.writer, (error) => this.options.onError?.(error));
    this.loop = this.run(handle, this.reader, this.stopping.signal);
  }

  /** Acknowledges handled reports and deletes them from the stream; only until stop() returns. */
  async ack(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const writer = this.writer;
    if (!writer) {
      throw new Error(
        "The report inbox is stopped; these reports stay pending for the next leader.",
      );
    }
    await writer
      .multi()
      .xack(this.keys.reports, SERVERS_GROUP, ...ids)
      .xdel(this.keys.reports, ...ids)
      .exec();
  }

  /** Stops reading; reports delivered and not acked stay pending for the next leader. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping.abort();
    // Reports a cut-off read had already taken stay pending, and the next leader claims them.
    this.reader?.disconnect();
    await this.loop;
    this.loop = undefined;
    await Promise.all([this.reader, this.writer].map((redis) => redis && closeConnection(redis)));
    this.reader = undefined;
    this.writer = undefined;
  }

  private async run(
    handle: (batch: InboxEntry[]) => Promise<void>,
    redis: Redis,
    signal: AbortSignal,
  ): Promise<void> {
    let claimedAt = Number.NEGATIVE_INFINITY;
    let minIdle = 0;
    let grouped = false;
    while (!signal.aborted) {
      try {
        if (!grouped) await ensureGroup(redis, this.keys.reports, SERVERS_GROUP);
        grouped = true;
        if (Date.now() - claimedAt >= this.redeliverAfterMs / 2) {
          // At start every pending report (a dead leader's or our own) is taken over; later
          // only those left unacked for long, so a handler that failed gets them again.
          await this.claimPending(handle, redis, minIdle, signal);
          claimedAt = Date.now();
          minIdle = this.redeliverAfterMs;
        }
        const entries = await this.readNew(redis);
        if (entries.length > 0) await handle(entries.map((entry) => this.toEntry(entry)));
      } catch (error) {
        if (signal.aborted) break;
        grouped = false;
        this.options.onError?.(error);
        await pause(RETRY_MS, signal);
      }
    }
  }

  private async claimPending(
    handle: (batch: InboxEntry[]) => Promise<void>,
    redis: Redis,
    minIdle: number,
    signal: AbortSignal,
  ): Promise<void> {
    let cursor = "0-0";
    do {
      const reply = (await redis.xautoclaim(
        this.keys.reports,
        SERVERS_GROUP,
        this.options.consumer,
        minIdle,
        cursor,
        "COUNT",
        this.batchSize,
      )) as [string, StreamEntry[], string[]?];
      cursor = reply[0];
      const deleted = reply[2] ?? [];
      if (deleted.length > 0) await redis.xack(this.keys.reports, SERVERS_GROUP, ...deleted);
      const entries = reply[1].filter((entry) => entry[1] !== null);
      if (entries.length > 0) await handle(entries.map((entry) => this.toEntry(entry)));
    } while (cursor !== "0-0" && !signal.aborted);
  }

  private async readNew(redis: Redis): Promise<StreamEntry[]> {
    const reply = (await redis.xreadgroup(
      "GROUP",
      SERVERS_GROUP,
      this.options.consumer,
      "COUNT",
      this.batchSize,
      "BLOCK",
      BLOCK_MS,
      "STREAMS",
      this.keys.reports,
      ">",
    )) as [string, StreamEntry[]][] | null;
    return reply?.[0]?.[1] ?? [];
  }

  private toEntry([id, fields]: StreamEntry): InboxEntry {
    return {
      id,
      report: parseMessage(RunnerReport, fieldOf(fields, "report"), MAX_REPORT_BYTES),
    };
  }
}
