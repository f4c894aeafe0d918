import { setMaxListeners } from "node:events";
import { createNetworkAccess, type NetworkAccess } from "@upwatch/checks/single-request";
import type { ApiClient } from "../client/api-client.ts";
import type { Log } from "../log.ts";
import { CheckQueue } from "./check-queue.ts";
import { readCheckTask } from "./read-check-task.ts";
import { backoffMs } from "./retry-with-backoff.ts";
import { runCheckTask, type TaskRun } from "./run-check-task.ts";
import { SeenTasks } from "./seen-tasks.ts";
import { deliverTaskResult } from "./task-results.ts";

/** Checks run at once at most; the others wait their turn. */
export const MAX_RUNNING_CHECKS = 20;
/** How long a stopping agent lets running checks finish and deliver their results. */
export const STOP_GRACE_MS = 5_000;
/** How long a refusal of a task without a deadline is retried. */
const REFUSAL_RETRY_MS = 120_000;

export interface ProxyChecksOptions {
  client: ApiClient;
  log: Log;
  /** Checks' network; by default the system resolver, private addresses allowed. */
  network?: NetworkAccess;
  now?: () => number;
  retryDelayMs?: (attempt: number) => number;
}

export interface ProxyChecks {
  /** Takes one `check` task from a poll: runs it, or reports why it cannot. */
  take(task: unknown): void;
  /** Takes no more tasks, lets running checks finish for `graceMs`, then abandons them. */
  stop(graceMs?: number): Promise<void>;
}

/** Runs the server's check tasks on this machine, each task id at most once. */
export function createProxyChecks(options: ProxyChecksOptions): ProxyChecks {
  const { client, log } = options;
  const queue = new CheckQueue(MAX_RUNNING_CHECKS);
  const stopping = new AbortController();
  // Each running job listens for the stop once: a check, or the wait before a retry.
  setMaxListeners(MAX_RUNNING_CHECKS, stopping.signal);
  const run: TaskRun = {
    client,
    log,
    now: options.now ?? Date.now,
    retryDelayMs: options.retryDelayMs ?? backoffMs,
    signal: stopping.signal,
    // Checks run from inside the network the agent watches, where private addresses belong.
    network: options.network ?? createNetworkAccess({ allowPrivateTargets: true }),
    seen: new SeenTasks(),
  };
  let taking = true;
  return {
    take(raw) {
      if (!taking) return;
      const reading = readCheckTask(raw);
      if (reading.kind === "unreadable") {
        log.debug("Skipped a check task without a usable id; there is no one to report it to.");
        return;
      }
      const id = reading.kind === "run" ? reading.task.id : reading.id;
      if (!run.seen.take(id)) {
        log.debug(`Task ${id} was handed out again; this agent already took it.`);
        return;
      }
      if (reading.kind === "refuse") {
        log.debug(`Task ${id} was not run: ${reading.failure}`);
        const deadlineAt = reading.deadlineAt ?? run.now() + REFUSAL_RETRY_MS;
        queue.push(async () => {
          await deliverTaskResult(id, { failure: reading.failure }, deadlineAt, run);
        });
        return;
      }
      queue.push(() => runCheckTask(reading.task, run));
    },
    async stop(graceMs = STOP_GRACE_MS) {
      taking = false;
      const dropped = queue.close();
      if (dropped > 0) {
        log.debug(
          `Stopping: ${dropped} waiting check task${dropped === 1 ? " was" : "s were"} left; the server hands them out again.`,
        );
      }
      const running = queue.active;
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"grace-over">((resolve) => {
        timer = setTimeout(() => resolve("grace-over"), graceMs);
      });
      const ended = await Promise.race([queue.idle(), graceOver]);
      clearTimeout(timer);
      stopping.abort(new Error("The agent is stopping."));
      if (ended === "grace-over") {
        log.info(
          `Stopping: ${queue.active} of ${running} running check${running === 1 ? "" : "s"} did not finish in time; the server times them out.`,
        );
      }
    },
  };
}
