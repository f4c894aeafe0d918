import { randomBytes } from "node:crypto";
import type {
  AgentIdentity,
  AgentReportBatch,
  AgentReportedConfig,
  AgentSample,
} from "@upwatch/api";
import { AGENT_BUFFER_MS, AGENT_REPORT_LIMITS } from "@upwatch/core";
import type { ApiAnswer } from "./client/api-client.ts";
import { NetworkProblem } from "./client/network-problem.ts";
import type { Log } from "./log.ts";

/** How a flush ended: nothing left, waiting out a backoff, or stopped by the server or network. */
export type FlushOutcome = "empty" | "backing-off" | "retry-later" | "key-refused";

export interface ReportBufferOptions {
  send: (batch: AgentReportBatch) => Promise<ApiAnswer>;
  envelope: () => { agent: AgentIdentity; config: AgentReportedConfig };
  log: Log;
  /** Told the server's answer to each batch it stored. */
  onStored?: (body: unknown) => void;
  now?: () => number;
  random?: () => number;
  maxAgeMs?: number;
}

interface Batch {
  batch_id: string;
  reports: AgentSample[];
}

const FIRST_BACKOFF_MS = 5_000;
// Under the shortest offline setting (one minute), so an agent is back within a minute of an outage.
const LONGEST_BACKOFF_MS = 60_000;
// A rate-limited agent waits as the server asks, but a far-off Retry-After must not cost reports.
const LONGEST_RETRY_AFTER_MS = 5 * 60_000;

function newBatchId(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Keeps reports until the server has them: oldest first, up to an hour, in batches of up to 60.
 * A batch keeps its id across retries so the server recognises one it already stored.
 */
export class ReportBuffer {
  private queue: AgentSample[] = [];
  private pending: Batch | null = null;
  private failures = 0;
  private notBefore = 0;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly maxAgeMs: number;

  constructor(private readonly options: ReportBufferOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.maxAgeMs = options.maxAgeMs ?? AGENT_BUFFER_MS;
  }

  /** Reports waiting to be delivered. */
  get size(): number {
    return this.queue.length + (this.pending?.reports.length ?? 0);
  }

  /** Milliseconds until the next attempt is due after a failure; 0 when one may go now. */
  get retryInMs(): number {
    return Math.max(0, this.notBefore - this.now());
  }

  add(sample: AgentSample): void {
    this.queue.push(sample);
    this.dropExpired();
  }

  /** Sends batches until none is left or one fails; `force` ignores the backoff (at shutdown). */
  async flush(force = false): Promise<FlushOutcome> {
    if (!force && this.now() < this.notBefore) return "backing-off";
    while (true) {
      this.dropExpired();
      const batch = this.nextBatch();
      if (!batch) return "empty";
      const outcome = await this.deliver(batch);
      if (outcome !== "next") return outcome;
    }
  }

  private nextBatch(): Batch | null {
    if (!this.pending && this.queue.length > 0) {
      this.pending = {
        batch_id: newBatchId(),
        reports: this.queue.splice(0, AGENT_REPORT_LIMITS.reportsPerBatch),
      };
    }
    return this.pending;
  }

  private async deliver(batch: Batch): Promise<"next" | "retry-later" | "key-refused"> {
    const { log } = this.options;
    let answer: ApiAnswer;
    try {
      answer = await this.options.send({
        batch_id: batch.batch_id,
        sent_at: this.now(),
        ...this.options.envelope(),
        reports: batch.reports,
      });
    } catch (error) {
      const reason = error instanceof NetworkProblem ? error.message : String(error);
      return this.backOff(`${reason} ${this.keptSentence()}`);
    }
    const { status, detail } = answer;
    const count = batch.reports.length;
    if (status === 200) this.options.onStored?.(answer.body);
    if (status === 200 || status === 409) {
      log.debug(
        status === 200
          ? `Sent ${count} report${count === 1 ? "" : "s"}.`
          : `The server already had batch ${batch.batch_id}; it counts as delivered.`,
      );
      return this.delivered();
    }
    if (status === 401 || status === 403) {
      log.error(
        `${detail ?? `The server refused the agent's key (HTTP ${status}).`} ${this.keptSentence()}`,
      );
      return "key-refused";
    }
    if (status === 429 || status >= 500) {
      return this.backOff(
        `The server answered HTTP ${status}${detail ? `: ${detail}` : "."} ${this.keptSentence()}`,
        status === 429 ? answer.retryAfterSeconds : null,
      );
    }
    log.error(
      `The server refused a batch of ${count} report${count === 1 ? "" : "s"} (HTTP ${status}): ${detail ?? "no reason given."} The batch is dropped.`,
    );
    return this.delivered();
  }

  private delivered(): "next" {
    this.pending = null;
    this.failures = 0;
    this.notBefore = 0;
    return "next";
  }

  private backOff(message: string, retryAfterSeconds: number | null = null): "retry-later" {
    this.failures += 1;
    const base = Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.failures - 1));
    const delay =
      retryAfterSeconds === null
        ? Math.min(LONGEST_BACKOFF_MS, Math.round(base * (0.8 + 0.4 * this.random())))
        : Math.min(LONGEST_RETRY_AFTER_MS, Math.max(1_000, retryAfterSeconds * 1000));
    this.notBefore = this.now() + delay;
    this.options.log.warn(`${message} Next try in ${Math.round(delay / 1000)} s.`);
    return "retry-later";
  }

  private keptSentence(): string {
    const count = this.size;
    return `${count} report${count === 1 ? " is" : "s are"} kept to send later.`;
  }

  /** Drops reports older than the hour the server still accepts, oldest first, with a warning. */
  private dropExpired(): void {
    const oldest = this.now() - this.maxAgeMs;
    let dropped = 0;
    if (this.pending) {
      const kept = this.pending.reports.filter((report) => report.sampled_at >= oldest);
      dropped += this.pending.reports.length - kept.length;
      // A batch id names exactly one set of reports; a changed set is a new batch.
      if (kept.length !== this.pending.reports.length) {
        this.pending = kept.length > 0 ? { batch_id: newBatchId(), reports: kept } : null;
      }
    }
    const firstKept = this.queue.findIndex((report) => report.sampled_at >= oldest);
    const expired = firstKept === -1 ? this.queue.length : firstKept;
    if (expired > 0) this.queue.splice(0, expired);
    dropped += expired;
    if (dropped > 0) {
      this.options.log.warn(
        `Dropped the ${dropped} oldest report${dropped === 1 ? "" : "s"}: the agent keeps an hour of reports while the server cannot be reached.`,
      );
    }
  }
}
