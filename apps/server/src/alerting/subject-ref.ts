import type { AlertTable } from "@upwatch/db";

/**
 * What an alert or a notification is about, as alerting passes it around. The tables keep it as
 * two columns, `monitor_id` and `agent_id`; this file is the one place that reads and writes them.
 */
export type SubjectRef = { type: "monitor"; id: string } | { type: "agent"; id: string };

type SubjectColumns = Pick<AlertTable, "monitor_id" | "agent_id">;

/** The subject a stored alert or notification is about; undefined when it names neither. */
export function subjectOfRow(row: SubjectColumns): SubjectRef | undefined {
  if (row.agent_id !== null) return { type: "agent", id: row.agent_id };
  if (row.monitor_id !== null) return { type: "monitor", id: row.monitor_id };
  return undefined;
}

/** The column that names a subject of this type. */
export function subjectColumn(ref: SubjectRef): keyof SubjectColumns {
  return ref.type === "agent" ? "agent_id" : "monitor_id";
}

/** The two columns as a row about the subject stores them. */
export function subjectColumns(ref: SubjectRef): SubjectColumns {
  return ref.type === "agent"
    ? { monitor_id: null, agent_id: ref.id }
    : { monitor_id: ref.id, agent_id: null };
}
