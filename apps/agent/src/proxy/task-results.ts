import type { AgentTaskResult } from "@upwatch/api";
import type { ApiAnswer, ApiClient } from "../client/api-client.ts";
import type { Log } from "../log.ts";
import { isWorthRetrying, type Retrying, retryWithBackoff } from "./retry-with-backoff.ts";

/** How a result's delivery ended. */
export type Delivery = "delivered" | "refused" | "gave-up";

export interface ResultDelivery extends Retrying {
  client: ApiClient;
  log: Log;
}

/**
 * Posts a task's result until the server takes it (2xx), knows it already (409: delivered or
 * recorded as late), does not know the task (404) or refuses the result (other 4xx but 408 and
 * 429); other answers and network problems are retried with backoff while the deadline has not
 * passed. The first attempt is always made.
 */
export async function deliverTaskResult(
  taskId: string,
  result: AgentTaskResult,
  deadlineAt: number,
  delivery: ResultDelivery,
): Promise<Delivery> {
  const { client, log } = delivery;
  const sending = await retryWithBackoff(
    {
      ask: () => client.sendTaskResult(taskId, result),
      endOf: (answer) => endOf(taskId, answer, log),
      onNoAnswer: (problem) => log.debug(`Task ${taskId}: sending the result failed: ${problem}`),
      worthMakingAt: (at) => at < deadlineAt,
    },
    delivery,
  );
  if ("end" in sending) return sending.end;
  log.debug(
    sending.gaveUp === "stopped"
      ? `Task ${taskId}: the result was not delivered before the agent stopped.`
      : `Task ${taskId}: gave up sending the result; its deadline comes before the next attempt.`,
  );
  return "gave-up";
}

function endOf(taskId: string, answer: ApiAnswer, log: Log): Delivery | null {
  const said = answer.detail ? `: ${answer.detail}` : ".";
  if (answer.status >= 200 && answer.status < 300) {
    log.debug(`Task ${taskId}: the result was delivered.`);
    return "delivered";
  }
  if (answer.status === 409) {
    log.debug(`Task ${taskId}: the server already has an end for it${said}`);
    return "delivered";
  }
  if (answer.status === 404) {
    log.debug(`Task ${taskId}: the server does not know it${said}`);
    return "refused";
  }
  // A refusal of the result itself (400, or the key: 401, 403) would be refused again.
  if (answer.status >= 400 && answer.status < 500 && !isWorthRetrying(answer.status)) {
    log.debug(`Task ${taskId}: the server refused the result with HTTP ${answer.status}${said}`);
    return "refused";
  }
  log.debug(`Task ${taskId}: the result was answered HTTP ${answer.status}${said}`);
  return null;
}
