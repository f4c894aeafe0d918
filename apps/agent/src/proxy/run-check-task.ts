import {
  type NetworkAccess,
  PING_MISSING,
  runSingleRequestCheck,
} from "@upwatch/checks/single-request";
import { type CheckOutcome, canStillDispatch } from "@upwatch/core";
import type { ProxyCheckTask } from "./read-check-task.ts";
import { isWorthRetrying, retryWithBackoff } from "./retry-with-backoff.ts";
import type { SeenTasks } from "./seen-tasks.ts";
import { deliverTaskResult, type ResultDelivery } from "./task-results.ts";

export interface TaskRun extends ResultDelivery {
  /** The network as checks on this machine see it: private addresses allowed. */
  network: NetworkAccess;
  seen: SeenTasks;
}

const MAX_ERROR_LENGTH = 10_000;
/** The runners' sentence names the server; here the program is missing on the agent's machine. */
const PING_MISSING_HERE =
  "Ping checks need the ping program on the agent's machine, which is not installed (on Debian or Ubuntu: apt-get install iputils-ping).";

/**
 * Runs one check task: tells the server it starts and goes on only after a 200, runs the check
 * (its response time measured around the check alone), then delivers what it found.
 */
export async function runCheckTask(task: ProxyCheckTask, run: TaskRun): Promise<void> {
  const { log, now, signal } = run;
  // Started later than this, the check could end after the deadline: the server's own rule for
  // handing a task out, applied again after the wait for a free place.
  if (!canStillDispatch(task.deadline_at, task.check.timeoutMs, now())) {
    log.debug(`Task ${task.id} was not run: too little time was left when its turn came.`);
    return;
  }
  if (!(await confirmStart(task, run))) return;
  const startedAt = now();
  const outcome = await runSingleRequestCheck(task.check, { network: run.network, signal, now });
  if (signal.aborted) {
    log.debug(`Task ${task.id}: the agent stopped during the check, so no result was sent.`);
    return;
  }
  log.debug(
    `Task ${task.id}: the ${task.check.type} check of ${task.check.target} was ${outcome.status}${outcome.error ? `: ${outcome.error}` : "."}`,
  );
  await deliverTaskResult(
    task.id,
    { started_at: startedAt, outcome: asReported(outcome) },
    task.deadline_at,
    run,
  );
}

/**
 * True once the server has the task as started. A started call without an answer, or answered
 * 408, 429 or 5xx, may still have made the task `executing`, which no poll hands out again; the
 * server answers a repeated call 200, so it is repeated while the check could still end in time.
 */
async function confirmStart(task: ProxyCheckTask, run: TaskRun): Promise<boolean> {
  const { id } = task;
  const { log } = run;
  const starting = await retryWithBackoff(
    {
      ask: () => run.client.taskStarted(id),
      endOf: (answer) => {
        if (answer.status === 200) return true;
        const said = answer.detail ? `: ${answer.detail}` : ".";
        if (isWorthRetrying(answer.status)) {
          log.debug(`Task ${id}: its start was answered HTTP ${answer.status}${said}`);
          return null;
        }
        log.debug(`Task ${id} was not run: the server answered HTTP ${answer.status}${said}`);
        return false;
      },
      onNoAnswer: (problem) =>
        log.debug(`Task ${id}: telling the server it starts failed: ${problem}`),
      worthMakingAt: (at) => canStillDispatch(task.deadline_at, task.check.timeoutMs, at),
    },
    run,
  );
  if ("end" in starting) return starting.end;
  // Never confirmed: if the server did not take the start either, a later poll may hand it out.
  run.seen.forget(id);
  log.debug(
    starting.gaveUp === "stopped"
      ? `Task ${id} was not run: the agent stopped before the server confirmed its start.`
      : `Task ${id} was not run: the server did not confirm its start while there was time to run it.`,
  );
  return false;
}

/** The outcome as the server is sent it: in the agent's words, its error bounded. */
function asReported(outcome: CheckOutcome): CheckOutcome {
  if (outcome.error === PING_MISSING) return { ...outcome, error: PING_MISSING_HERE };
  const error = outcome.error;
  if (error === null || error.length <= MAX_ERROR_LENGTH) return outcome;
  return { ...outcome, error: `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` };
}
