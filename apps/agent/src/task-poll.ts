import { AGENT_POLL_SECONDS } from "@upwatch/core";
import type { ApiAnswer, ApiClient } from "./client/api-client.ts";
import { NetworkProblem } from "./client/network-problem.ts";
import type { Log } from "./log.ts";

interface Task {
  id: string;
  kind: string;
}

/** What the agent does with each kind of task; a handler takes the task as the poll gave it. */
export type TaskHandlers = Readonly<Record<string, (task: unknown) => void>>;

/** Bounds on the wait the server asks for, so a wrong answer can neither flood nor silence it. */
export const POLL_SECONDS_RANGE = { min: 10, max: 300 } as const;

/** Runs `poll` after `ms`; the real clock unless a test gives another. */
export type PollScheduler = (poll: () => void, ms: number) => NodeJS.Timeout;

function tasksOf(body: unknown): Task[] {
  const tasks = (body as { tasks?: unknown } | null)?.tasks;
  if (!Array.isArray(tasks)) return [];
  return tasks.filter(
    (task): task is Task =>
      typeof task === "object" &&
      task !== null &&
      typeof (task as Task).id === "string" &&
      typeof (task as Task).kind === "string",
  );
}

function withinRange(seconds: unknown): number {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return AGENT_POLL_SECONDS;
  return Math.min(POLL_SECONDS_RANGE.max, Math.max(POLL_SECONDS_RANGE.min, seconds));
}

/**
 * Seconds until the next poll: the server's `poll_after_seconds` after a 200, its Retry-After
 * after a 429, each kept within 10-300; otherwise the usual 30.
 */
export function nextPollSeconds(answer: ApiAnswer | null): number {
  if (answer?.status === 200) {
    return withinRange(
      (answer.body as { poll_after_seconds?: unknown } | null)?.poll_after_seconds,
    );
  }
  if (answer?.status === 429 && answer.retryAfterSeconds !== null) {
    return withinRange(answer.retryAfterSeconds);
  }
  return AGENT_POLL_SECONDS;
}

/**
 * Asks the server for tasks at once, then as often as it says, until stopped; hands each task to
 * the handler of its kind without waiting for it, and skips kinds it has no handler for.
 */
export function startTaskPoll(
  client: ApiClient,
  log: Log,
  handlers: TaskHandlers,
  schedule: PollScheduler = (poll, ms) => setTimeout(poll, ms),
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const poll = async (): Promise<ApiAnswer | null> => {
    try {
      const answer = await client.pollTasks();
      if (answer.status !== 200) {
        log.debug(
          `The task poll was answered HTTP ${answer.status}${answer.detail ? `: ${answer.detail}` : "."}`,
        );
        return answer;
      }
      for (const task of tasksOf(answer.body)) {
        const handle = Object.hasOwn(handlers, task.kind) ? handlers[task.kind] : undefined;
        if (handle) handle(task);
        else
          log.debug(`Skipped task ${task.id}: this agent does not run tasks of kind ${task.kind}.`);
      }
      return answer;
    } catch (error) {
      log.debug(error instanceof NetworkProblem ? `Task poll: ${error.message}` : String(error));
      return null;
    }
  };
  const loop = async () => {
    const answer = await poll();
    if (!stopped) timer = schedule(loop, nextPollSeconds(answer) * 1000);
  };
  void loop();
  return {
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
