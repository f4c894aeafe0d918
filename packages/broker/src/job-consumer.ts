import type { CheckOutcome } from "@upwatch/core";
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
  RUNNERS_GROUP,
  reportLostConnection,
  type StreamEntry,
} from "./broker-options.ts";
import {
  CheckJob,
  MAX_JOB_BYTES,
  parseMessage,
  type RunnerReport,
  type RunnerResult,
} from "./messages.ts";

export interface JobConsumerOptions extends BrokerOptions {
  /** The runner's id: its consumer name in the region's `runners` group. */
  runnerId: string;
  /** The runner's whole token; every report carries it. */
  token: string;
  region: string;
  /** The runner's version, reported with every heartbeat. */
  version: string;
  /** Checks run at once at most. */
  capacity: number;
  /** Runs one check; never throws (a failure is a down outcome). */
  run(job: CheckJob, signal: AbortSignal): Promise<CheckOutcome>;
  /** Wall-clock time in epoch ms. */
  now?: () => number;
  /** A job skipped because its start-by time passed (or unreadable: job null). */
  onSkipped?: (job: CheckJob | null, id: string) => void;
  /** Something failed that the consumer retries by itself. */
  onError?: (error: unknown) => void;
  /** How often in-flight jobs are claimed again, and dead runners' jobs taken (default 2 s). */
  claimIntervalMs?: number;
  /** A job idle this long belongs to a dead runner and is taken over (default 6 s). */
  reclaimIdleMs?: number;
  /** How often a heartbeat is sent (default 5 s). */
  heartbeatIntervalMs?: number;
  /** Results wait at most this long before they are sent (default 100 ms). */
  batchDelayMs?: number;
  /** Results sent at once at most (default 200). */
  batchSize?: number;
  /** How long a read waits for new jobs (default 1 s). */
  blockMs?: number;
}

interface Finished {
  id: string;
  result: RunnerResult | null;
}

const RETRY_MS = 1000;
/** How long a stopping runner waits for its last report to reach the broker. */
const LAST_FLUSH_MS = 2000;
/** Reports kept at most while no server reads them, so a long outage cannot fill Redis. */
const REPORTS_MAX_LENGTH = 100_000;

/**
 * Runner side: takes its region's check jobs, runs them at most `capacity` at a time, and
 * reports results and heartbeats. Delivery is at least once: a job is acked only together with
 * the report that carries its result.
 */
export class JobConsumer {
  private readonly keys: ReturnType<typeof brokerKeys>;
  private readonly stream: string;
  private readonly now: () => number;
  private readonly reader: Redis;
  private readonly writer: Redis;
  private readonly inFlight = new Map<string, AbortController>();
  private readonly unacked = new Set<string>();
  private finished: Finished[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private claimTimer: NodeJS.Timeout | undefined;
  private autoclaimCursor = "0-0";
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;
  private slotFreed: (() => void) | undefined;
  private closed = false;

  constructor(private readonly options: JobConsumerOptions) {
    this.keys = brokerKeys(options.prefix ?? DEFAULT_PREFIX);
    this.stream = this.keys.checks(options.region);
    this.now = options.now ?? Date.now;
    this.reader = connectBroker(options, "jobs-read");
    this.writer = connectBroker(options, "jobs-write");
    // Commands wait while the broker is away rather than fail, so the loss itself is reported.
    reportLostConnection(this.writer, (error) => options.onError?.(error));
  }

  /** Checks running now. */
  get running(): number {
    return this.inFlight.size;
  }

  /** Sends one heartbeat report now. */
  async sendHeartbeat(): Promise<void> {
    await this.addReport([], true);
  }

  /** Sends a heartbeat now and every heartbeat interval until stop(). */
  startHeartbeats(): Promise<void> {
    if (!this.heartbeatTimer) {
      this.heartbeatTimer = setInterval(() => {
        this.sendHeartbeat().catch((error) => this.options.onError?.(error));
      }, this.options.heartbeatIntervalMs ?? 5000);
    }
    return this.sendHeartbeat();
  }

  /** Starts taking jobs: first those this runner held before a restart, then new ones. */
  startConsuming(): void {
    if (this.loop || this.closed) return;
    this.loop = this.consume(this.stopping.signal);
    this.claimTimer = setInterval(() => {
      this.keepClaims().catch((error) => this.options.onError?.(error));
    }, this.options.claimIntervalMs ?? 2000);
  }

  /**
   * Stops taking jobs, lets running checks finish for up to `graceMs` and abandons the rest
   * (they stay pending and another runner takes them over), sends the last results and closes.
   */
  async stop(graceMs = 5000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopping.abort();
    clearInterval(this.claimTimer);
    clearInterval(this.heartbeatTimer);
    this.slotFreed?.();
    // A blocked read would hold the stop for up to a second; its jobs stay pending for us.
    this.reader.disconnect();
    await this.loop?.catch(() => {});
    if (this.inFlight.size > 0) {
      await new Promise<void>((done) => {
        const check = setInterval(() => {
          if (this.inFlight.size > 0) return;
          clearInterval(check);
          clearTimeout(limit);
          done();
        }, 20);
        const limit = setTimeout(() => {
          clearInterval(check);
          done();
        }, graceMs);
      });
      for (const controller of this.inFlight.values()) controller.abort();
      this.inFlight.clear();
    }
    // A broker that stopped answering must not hold the stop: what is not sent stays pending.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.flush().catch((error) => this.options.onError?.(error)),
      new Promise((done) => {
        timer = setTimeout(done, LAST_FLUSH_MS);
      }),
    ]);
    clearTimeout(timer);
    await closeConnection(this.writer);
  }

  /** Drops everything at once without acking: jobs held stay pending, as after a crash. */
  abandon(): void {
    this.closed = true;
    this.stopping.abort();
    clearInterval(this.claimTimer);
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.flushTimer);
    this.slotFreed?.();
    for (const controller of this.inFlight.values()) controller.abort();
    this.finished = [];
    this.reader.disconnect();
    this.writer.disconnect();
  }

  private async consume(signal: AbortSignal): Promise<void> {
    let own = "0";
    let grouped = false;
    while (!signal.aborted) {
      try {
        if (!grouped) await ensureGroup(this.reader, this.stream, RUNNERS_GROUP);
        grouped = true;
        // A restarted runner first gets back what it held (ID 0 reads its own pending list).
        while (own !== ">" && !signal.aborted) {
          await this.freeSlot(signal);
          if (signal.aborted) break;
          const entries = await this.read(own, this.freeSlots(), undefined);
          if (entries.length === 0) own = ">";
          else {
            own = entries[entries.length - 1]![0];
            for (const entry of entries) this.take(entry);
          }
        }
        await this.freeSlot(signal);
        if (signal.aborted) break;
        const entries = await this.read(">", this.freeSlots(), this.options.blockMs ?? 1000);
        for (const entry of entries) this.take(entry);
      } catch (error) {
        if (signal.aborted) break;
        grouped = false;
        this.options.onError?.(error);
        await pause(RETRY_MS, signal);
      }
    }
  }

  private async read(
    from: string,
    count: number,
    blockMs: number | undefined,
  ): Promise<StreamEntry[]> {
    const block = blockMs === undefined ? [] : ["BLOCK", blockMs];
    const reply = (await this.reader.xreadgroup(
      "GROUP",
      RUNNERS_GROUP,
      this.options.runnerId,
      "COUNT",
      count,
      ...(block as ["BLOCK", number]),
      "STREAMS",
      this.stream,
      from,
    )) as [string, StreamEntry[]][] | null;
    return reply?.[0]?.[1] ?? [];
  }

  private freeSlots(): number {
    return Math.max(0, this.options.capacity - this.inFlight.size);
  }

  private freeSlot(signal: AbortSignal): Promise<void> {
    if (this.freeSlots() > 0 || signal.aborted) return Promise.resolve();
    return new Promise((done) => {
      this.slotFreed = () => {
        this.slotFreed = undefined;
        done();
      };
    });
  }

  /** Runs one delivered entry, or acks it unrun when it is unreadable or too late. */
  private take([id, fields]: StreamEntry): void {
    if (this.inFlight.has(id) || this.unacked.has(id)) return;
    this.unacked.add(id);
    const job = parseMessage(CheckJob, fieldOf(fields, "job"), MAX_JOB_BYTES);
    if (!job || job.region !== this.options.region || this.now() > job.startBy) {
      this.options.onSkipped?.(job, id);
      this.finish({ id, result: null });
      return;
    }
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    const startedAt = this.now();
    this.options
      .run(job, controller.signal)
      .then(
        (outcome) => {
          if (controller.signal.aborted) return;
          this.finish({
            id,
            result: {
              monitorId: job.monitorId,
              region: job.region,
              plannedAt: job.plannedAt,
              startedAt,
              jobId: job.jobId,
              outcome,
            },
          });
        },
        (error) => this.options.onError?.(error),
      )
      .finally(() => {
        if (this.inFlight.get(id) === controller) this.inFlight.delete(id);
        this.slotFreed?.();
      });
  }

  private finish(item: Finished): void {
    this.finished.push(item);
    if (this.finished.length >= (this.options.batchSize ?? 200)) {
      this.flush().catch((error) => this.options.onError?.(error));
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flush().catch((error) => this.options.onError?.(error));
      }, this.options.batchDelayMs ?? 100);
    }
  }

  /** Sends finished results in reports of at most batchSize, each with the ack of its jobs. */
  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.flushing
      .catch(() => {})
      .then(async () => {
        const size = this.options.batchSize ?? 200;
        while (this.finished.length > 0) {
          const batch = this.finished.slice(0, size);
          try {
            await this.sendResults(batch);
          } catch (error) {
            // Kept for the next attempt; the jobs stay claimed by the keep-alive meanwhile.
            if (!this.flushTimer && !this.closed) {
              this.flushTimer = setTimeout(() => {
                this.flush().catch((failure) => this.options.onError?.(failure));
              }, RETRY_MS);
            }
            throw error;
          }
          this.finished = this.finished.slice(batch.length);
          for (const item of batch) this.unacked.delete(item.id);
        }
      });
    return this.flushing;
  }

  private async sendResults(batch: Finished[]): Promise<void> {
    const results = batch.flatMap((item) => (item.result ? [item.result] : []));
    const ids = batch.map((item) => item.id);
    const multi = this.writer.multi();
    if (results.length > 0) this.queueReport(multi, results, false);
    multi.xack(this.stream, RUNNERS_GROUP, ...ids);
    const replies = (await multi.exec()) ?? [];
    const failed = replies.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  private async addReport(results: RunnerResult[], heartbeat: boolean): Promise<void> {
    const multi = this.writer.multi();
    this.queueReport(multi, results, heartbeat);
    await multi.exec();
  }

  private queueReport(
    multi: ReturnType<Redis["multi"]>,
    results: RunnerResult[],
    heartbeat: boolean,
  ): void {
    const report: RunnerReport = {
      runnerId: this.options.runnerId,
      token: this.options.token,
      region: this.options.region,
      version: this.options.version,
      sentAt: this.now(),
      results,
      heartbeat,
      inFlight: this.inFlight.size,
      capacity: this.options.capacity,
    };
    multi.xadd(
      this.keys.reports,
      "MAXLEN",
      "~",
      REPORTS_MAX_LENGTH,
      "*",
      "report",
      JSON.stringify(report),
    );
  }

  /** Keeps held jobs looking alive and takes over jobs of dead runners of the region. */
  private async keepClaims(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const held = [...this.inFlight.keys(), ...this.unacked];
    if (held.length > 0) {
      await this.writer.xclaim(
        this.stream,
        RUNNERS_GROUP,
        this.options.runnerId,
        0,
        ...[...new Set(held)],
        "JUSTID",
      );
    }
    const free = this.freeSlots();
    if (free === 0 || this.stopping.signal.aborted) return;
    const reply = (await this.writer.xautoclaim(
      this.stream,
      RUNNERS_GROUP,
      this.options.runnerId,
      this.options.reclaimIdleMs ?? 6000,
      this.autoclaimCursor,
      "COUNT",
      free,
    )) as [string, StreamEntry[], string[]?];
    this.autoclaimCursor = reply[0];
    if (this.stopping.signal.aborted) return;
    for (const entry of reply[1]) {
      if (entry[1] !== null) this.take(entry);
    }
  }
}
