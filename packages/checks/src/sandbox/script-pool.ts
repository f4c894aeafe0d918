import { Worker } from "node:worker_threads";
import { SCRIPT_LIMITS, SCRIPT_MESSAGES, type ScriptOutcome } from "./script-types.ts";

/** What the worker is asked to do: run a script, or only compile it. */
export type SandboxRequest =
  | { kind: "run"; source: string; variables: Record<string, string>; response: unknown }
  | { kind: "parse"; source: string };

/** The worker's answer: a run's outcome, or for `parse` the problem (undefined if it compiles). */
export type SandboxAnswer = ScriptOutcome | { problem: string | undefined };

interface Job {
  request: SandboxRequest;
  finish: (answer: SandboxAnswer) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: { id: number; entry: Job; watchdog: NodeJS.Timeout } | undefined;
}

/**
 * The worker sits next to this module: `script-worker.js` beside the sources, and the bundles
 * emit it under the same name next to `main.js` / `runner.js`.
 */
const WORKER_URL = new URL("./script-worker.js", import.meta.url);

/** A few worker threads, started on first use, each running one script at a time. */
export class ScriptPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;

  constructor(size = 1) {
    this.#size = size;
  }

  /**
   * Runs one request when a worker is free. A request whose `signal` aborts while it waits
   * leaves the queue, and a full queue refuses at once, so a burst of scripts from some checks
   * cannot hold everyone else's back for longer than their own run limits.
   */
  ask(request: SandboxRequest, signal?: AbortSignal): Promise<SandboxAnswer> {
    return new Promise((finish) => {
      if (signal?.aborted) return finish(failure(request, SCRIPT_MESSAGES.cancelled));
      if (this.#queue.length >= SCRIPT_LIMITS.maxQueued) {
        return finish(failure(request, SCRIPT_MESSAGES.busy));
      }
      const job: Job = { request, finish };
      this.#queue.push(job);
      signal?.addEventListener(
        "abort",
        () => {
          const index = this.#queue.indexOf(job);
          if (index === -1) return;
          this.#queue.splice(index, 1);
          finish(failure(request, SCRIPT_MESSAGES.cancelled));
        },
        { once: true },
      );
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    const slots = this.#slots.splice(0);
    for (const slot of slots) this.#abandon(slot, SCRIPT_MESSAGES.stopped);
    for (const job of this.#queue.splice(0))
      job.finish(failure(job.request, SCRIPT_MESSAGES.stopped));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #dispatch(): void {
    while (this.#slots.length < this.#size && this.#queue.length > this.#slots.length) {
      this.#slots.push(this.#start());
    }
    for (const slot of this.#slots) {
      if (!slot.ready || slot.job) continue;
      const entry = this.#queue.shift();
      if (!entry) return;
      const id = this.#nextId++;
      // Counted from when the worker gets the script, so queueing never counts against it.
      const watchdog = setTimeout(
        () => this.#replace(slot, SCRIPT_MESSAGES.timedOut),
        SCRIPT_LIMITS.watchdogMs,
      );
      slot.job = { id, entry, watchdog };
      slot.worker.postMessage({ id, ...entry.request });
    }
  }

  #start(): Slot {
    const worker = new Worker(WORKER_URL, {
      // The parent's flags (a loader, --input-type, ...) mean nothing to the worker and some break it.
      execArgv: [],
      workerData: { limits: SCRIPT_LIMITS, messages: SCRIPT_MESSAGES },
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    // Scripts must never keep a server, runner or test process alive.
    worker.unref();
    const slot: Slot = { worker, ready: false, job: undefined };
    worker.on(
      "message",
      (message: { ready?: true; id?: number; answer?: SandboxAnswer; retire?: boolean }) => {
        if (message.ready) {
          slot.ready = true;
        } else if (slot.job && message.id === slot.job.id && message.answer) {
          const { entry, watchdog } = slot.job;
          clearTimeout(watchdog);
          slot.job = undefined;
          entry.finish(message.answer);
          if (message.retire) this.#replace(slot, SCRIPT_MESSAGES.unavailable);
        }
        this.#dispatch();
      },
    );
    worker.on("error", () => this.#replace(slot, SCRIPT_MESSAGES.unavailable));
    worker.on("exit", () => this.#replace(slot, SCRIPT_MESSAGES.unavailable));
    return slot;
  }

  /** Ends a worker that crashed or stopped answering; the next request starts a new one. */
  #replace(slot: Slot, error: string): void {
    const index = this.#slots.indexOf(slot);
    if (index === -1) return;
    this.#slots.splice(index, 1);
    this.#abandon(slot, error);
    void slot.worker.terminate();
    if (!slot.ready) {
      // It never started: nothing queued could run on a replacement either.
      for (const job of this.#queue.splice(0)) job.finish(failure(job.request, error));
      return;
    }
    this.#dispatch();
  }

  #abandon(slot: Slot, error: string): void {
    slot.worker.removeAllListeners();
    slot.worker.on("error", () => {});
    if (!slot.job) return;
    clearTimeout(slot.job.watchdog);
    const { entry } = slot.job;
    slot.job = undefined;
    entry.finish(failure(entry.request, error));
  }
}

/** A parse that could not be checked is not held against the script; its run will report it. */
function failure(request: SandboxRequest, error: string): SandboxAnswer {
  return request.kind === "parse" ? { problem: undefined } : { ok: false, error, logs: [] };
}
