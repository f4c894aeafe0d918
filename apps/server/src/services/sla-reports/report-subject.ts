import type { Region } from "@upwatch/core";
import { parseRegions } from "../../records/monitor-record.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import type { SlaSubjectType } from "./sla-report.ts";

/** A monitor or an agent whose time counts towards a report. */
export interface ReportMember {
  id: string;
  name: string;
  kind: "monitor" | "agent";
  createdAt: number;
  regions: Region[];
}

/** A report's subject by name, with the members its figures are made of. */
export interface ReportSubject {
  type: SlaSubjectType;
  id: string;
  name: string;
  members: ReportMember[];
}

type MonitorRow = { id: string; name: string; created_at: number; region: string; regions: string };

function monitorMember(row: MonitorRow): ReportMember {
  return {
    id: row.id,
    name: row.name,
    kind: "monitor",
    createdAt: Number(row.created_at),
    regions: parseRegions(row.regions, row.region),
  };
}

const MONITOR_COLUMNS = [
  "monitors.id",
  "monitors.name",
  "monitors.created_at",
  "monitors.region",
  "monitors.regions",
] as const;

/** Each kind of subject and how its name and members are read; another account's is not found. */
const SUBJECT_READERS: Record<
  SlaSubjectType,
  (ctx: ServiceContext, accountId: string, id: string) => Promise<ReportSubject>
> = {
  async monitor(ctx, accountId, id) {
    const row = await ctx.db
      .selectFrom("monitors")
      .select(MONITOR_COLUMNS)
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("monitor");
    return { type: "monitor", id, name: row.name, members: [monitorMember(row)] };
  },
  async group(ctx, accountId, id) {
    const group = await ctx.db
      .selectFrom("monitor_groups")
      .select("name")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!group) throw new NotFoundError("group");
    const rows = await ctx.db
      .selectFrom("monitor_group_members")
      .innerJoin("monitors", "monitors.id", "monitor_group_members.monitor_id")
      .select(MONITOR_COLUMNS)
      .where("monitor_group_members.group_id", "=", id)
      .orderBy("monitors.name")
      .orderBy("monitors.id")
      .execute();
    return { type: "group", id, name: group.name, members: rows.map(monitorMember) };
  },
  async agent(ctx, accountId, id) {
    const row = await ctx.db
      .selectFrom("agents")
      .select(["id", "name", "created_at"])
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("agent");
    const member: ReportMember = {
      id,
      name: row.name,
      kind: "agent",
      createdAt: Number(row.created_at),
      regions: [],
    };
    return { type: "agent", id, name: row.name, members: [member] };
  },
  async status_page(ctx, accountId, id) {
    const page = await ctx.db
      .selectFrom("status_pages")
      .select("name")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!page) throw new NotFoundError("status page");
    const rows = await ctx.db
      .selectFrom("status_components")
      .innerJoin(
        "status_component_monitors",
        "status_component_monitors.component_id",
        "status_components.id",
      )
      .innerJoin("monitors", "monitors.id", "status_component_monitors.monitor_id")
      .select(MONITOR_COLUMNS)
      .where("status_components.page_id", "=", id)
      .distinct()
      .orderBy("monitors.name")
      .orderBy("monitors.id")
      .execute();
    return { type: "status_page", id, name: page.name, members: rows.map(monitorMember) };
  },
};

/** The subject of a report with its members. */
export function readReportSubject(
  ctx: ServiceContext,
  accountId: string,
  subject: { type: SlaSubjectType; id: string },
): Promise<ReportSubject> {
  return SUBJECT_READERS[subject.type](ctx, accountId, subject.id);
}
