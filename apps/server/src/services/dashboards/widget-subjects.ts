import type { WidgetInput } from "@upwatch/api";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { ServiceError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The tables whose rows a widget's settings may name, by the word a refusal uses. */
const SUBJECT_TABLES = {
  monitor: "monitors",
  group: "monitor_groups",
  agent: "agents",
  "status page": "status_pages",
} as const;
type SubjectKind = keyof typeof SUBJECT_TABLES;

interface NamedSubject {
  widget: number;
  kind: SubjectKind;
  id: string;
}

/** The monitors, groups, agents and status pages a widget's settings name. */
function subjectsOf(widget: WidgetInput, index: number): NamedSubject[] {
  const named = (kind: SubjectKind, id: string) => ({ widget: index + 1, kind, id });
  switch (widget.type) {
    case "status_grid":
      return [
        ...widget.settings.monitor_ids.map((id) => named("monitor", id)),
        ...widget.settings.group_ids.map((id) => named("group", id)),
      ];
    case "uptime":
    case "response_time":
      return [named("monitor", widget.settings.monitor_id)];
    case "agent_metric":
      return [named("agent", widget.settings.agent_id)];
    case "sla_figure": {
      const type = widget.settings.subject_type;
      return [named(type === "status_page" ? "status page" : type, widget.settings.subject_id)];
    }
    case "open_alerts":
      return [];
  }
}

/** Refuses a custom metric widget naming a series its agent does not report. */
async function checkCustomSeries(db: Db, widgets: readonly WidgetInput[]): Promise<void> {
  for (const [index, widget] of widgets.entries()) {
    if (widget.type !== "agent_metric" || widget.settings.series_id === undefined) continue;
    const series = await db
      .selectFrom("agent_custom_series")
      .select("id")
      .where("id", "=", widget.settings.series_id)
      .where("agent_id", "=", widget.settings.agent_id)
      .executeTakeFirst();
    if (!series) {
      throw new ServiceError(
        "invalid",
        `Widget ${index + 1} names a custom metric its agent does not report (${widget.settings.series_id}).`,
      );
    }
  }
}

/**
 * Refuses widgets that name a monitor, group, agent or status page the account does not have,
 * or a custom metric their agent does not report.
 */
export async function checkWidgetSubjects(
  db: Db,
  accountId: string,
  widgets: readonly WidgetInput[],
): Promise<void> {
  const subjects = widgets.flatMap(subjectsOf);
  for (const kind of Object.keys(SUBJECT_TABLES) as SubjectKind[]) {
    const wanted = [...new Set(subjects.filter((s) => s.kind === kind).map((s) => s.id))];
    if (wanted.length === 0) continue;
    const found = await db
      .selectFrom(SUBJECT_TABLES[kind])
      .select("id")
      .where("account_id", "=", accountId)
      .where("id", "in", wanted)
      .execute();
    const known = new Set(found.map((row) => row.id));
    const missing = subjects.find((s) => s.kind === kind && !known.has(s.id));
    if (missing) {
      throw new ServiceError(
        "invalid",
        `Widget ${missing.widget} names a ${kind} the account does not have (${missing.id}).`,
      );
    }
  }
  await checkCustomSeries(db, widgets);
}
