import { AGENT_TASK_LIMITS } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** One refusal of an agent's call about a task. */
export interface TaskLogEntry {
  at: number;
  message: string;
}

/** A task's log as stored; anything unreadable reads as empty. */
export function readTaskLog(json: string | null | undefined): TaskLogEntry[] {
  try {
    const entries = JSON.parse(json ?? "[]");
    return Array.isArray(entries) ? (entries as TaskLogEntry[]) : [];
  } catch {
    return [];
  }
}

/**
 * Notes a refusal on the task (call it in a transaction: the log is read and written back).
 * Only the newest entries are kept, each message cut to the length a result's error may have.
 * Nothing happens when no such task exists.
 */
export async function appendTaskLog(
  trx: Kysely<Database>,
  taskId: string,
  entry: TaskLogEntry,
): Promise<void> {
  const row = await trx
    .selectFrom("agent_tasks")
    .select("log")
    .where("id", "=", taskId)
    .executeTakeFirst();
  if (!row) return;
  const message = entry.message.slice(0, AGENT_TASK_LIMITS.errorLength);
  const log = [...readTaskLog(row.log), { at: entry.at, message }].slice(
    -AGENT_TASK_LIMITS.logEntries,
  );
  await trx
    .updateTable("agent_tasks")
    .set({ log: JSON.stringify(log) })
    .where("id", "=", taskId)
    .execute();
}
