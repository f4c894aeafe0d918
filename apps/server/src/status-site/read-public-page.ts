import {
  type ComponentState,
  type MaintenanceWindow,
  nextWindowBoundary,
  STATUS_PAGE_LIMITS,
  shownComponentState,
  worstState,
} from "@upwatch/core";
import type { Database, StatusPageTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import { maintenanceStatus } from "../services/status-maintenance/maintenance-view.ts";
import { readOpenWindows } from "../services/status-pages/page-windows.ts";
import { readUptimeBars, type UptimeDay } from "./uptime-bars.ts";

/** What a visitor may see of a page: no account, monitor or subscriber data. */
export interface PublicPage {
  page: StatusPageTable;
  state: ComponentState;
  sections: PublicSection[];
  activeIncidents: PublicIncident[];
  recentIncidents: PublicIncident[];
  maintenances: PublicMaintenance[];
  /** When the shown states next change by the clock alone (a window starts or ends). */
  nextBoundary: number | undefined;
  now: number;
}

export interface PublicSection {
  name: string | null;
  components: PublicComponent[];
}

export interface PublicComponent {
  id: string;
  name: string;
  description: string;
  section: string | null;
  /** The section the component is listed under; two sections may share a name. */
  sectionId: string | null;
  state: ComponentState;
  days: UptimeDay[];
  uptime: number | null;
}

export interface PublicIncidentUpdate {
  stage: string;
  message: string;
  createdAt: number;
}

export interface PublicIncident {
  id: string;
  title: string;
  stage: string;
  startedAt: number;
  resolvedAt: number | null;
  updates: PublicIncidentUpdate[];
}

export interface PublicMaintenance {
  id: string;
  title: string;
  message: string;
  startsAt: number;
  endsAt: number;
  status: "scheduled" | "in_progress";
  /** Names of the affected components, and their ids. */
  components: string[];
  componentIds: string[];
}

type Db = Kysely<Database>;
const DAY_MS = 86_400_000;

/** Everything the public page shows, read at `now`. */
export async function readPublicPage(
  db: Db,
  page: StatusPageTable,
  now: number,
): Promise<PublicPage> {
  const [sections, components, windows] = await Promise.all([
    db
      .selectFrom("status_sections")
      .selectAll()
      .where("page_id", "=", page.id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("status_components")
      .selectAll()
      .where("page_id", "=", page.id)
      .orderBy("position")
      .execute(),
    readWindows(db, page.id, now),
  ]);
  const bars = await readUptimeBars(
    db,
    components.map((c) => c.id),
    now,
  );
  const sectionName = new Map(sections.map((s) => [s.id, s.name]));
  const shown = components.map((c) => {
    const uptime = bars.get(c.id);
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      section: c.section_id ? (sectionName.get(c.section_id) ?? null) : null,
      sectionId: c.section_id && sectionName.has(c.section_id) ? c.section_id : null,
      state: shownComponentState(c.id, c.state as ComponentState, windows.rules, now),
      days: uptime?.days ?? [],
      uptime: uptime?.uptime ?? null,
    };
  });
  const incidents = await readIncidents(db, page.id, now - STATUS_PAGE_LIMITS.historyDays * DAY_MS);
  const componentName = new Map(components.map((c) => [c.id, c.name]));
  return {
    page,
    state: worstState(shown.map((c) => c.state)),
    sections: groupBySection(shown, sections),
    activeIncidents: incidents.filter((i) => i.resolvedAt === null),
    recentIncidents: incidents.filter((i) => i.resolvedAt !== null),
    maintenances: windows.shown.map((w) => ({
      ...w,
      components: w.componentIds.flatMap((id) => componentName.get(id) ?? []),
    })),
    nextBoundary: nextWindowBoundary(windows.rules, now),
    now,
  };
}

function groupBySection(
  components: PublicComponent[],
  sections: { id: string; name: string }[],
): PublicSection[] {
  const loose = components.filter((c) => c.sectionId === null);
  const grouped = sections.map((s) => ({
    name: s.name,
    components: components.filter((c) => c.sectionId === s.id),
  }));
  return [{ name: null, components: loose }, ...grouped].filter((s) => s.components.length > 0);
}

interface Windows {
  rules: MaintenanceWindow[];
  shown: Omit<PublicMaintenance, "components">[];
}

/** Windows not yet over and not cancelled: announced ahead, in progress now. */
async function readWindows(db: Db, pageId: string, now: number): Promise<Windows> {
  const rules = await readOpenWindows(db, [pageId], now);
  const shown = rules.map((w) => ({
    id: w.id,
    title: w.title,
    message: w.message,
    startsAt: w.startsAt,
    endsAt: w.endsAt,
    // Open windows have not ended and are not cancelled, so only these two remain.
    status: maintenanceStatus(
      { starts_at: w.startsAt, ends_at: w.endsAt, cancelled_at: null },
      now,
    ) as PublicMaintenance["status"],
    componentIds: w.componentIds,
  }));
  return { rules, shown };
}

/** Open incidents, and those resolved since `since`, newest first, with their updates. */
async function readIncidents(db: Db, pageId: string, since: number): Promise<PublicIncident[]> {
  const rows = await db
    .selectFrom("status_incidents")
    .selectAll()
    .where("page_id", "=", pageId)
    .where((eb) => eb.or([eb("resolved_at", "is", null), eb("resolved_at", ">=", since)]))
    .orderBy("started_at", "desc")
    .execute();
  return withUpdates(db, rows);
}

/** Incidents as visitors read them, updates newest first. */
export async function withUpdates(
  db: Db,
  rows: {
    id: string;
    title: string;
    stage: string;
    started_at: number;
    resolved_at: number | null;
  }[],
): Promise<PublicIncident[]> {
  const updates = rows.length
    ? await db
        .selectFrom("status_incident_updates")
        .select(["incident_id", "stage", "message", "created_at"])
        .where(
          "incident_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("created_at", "desc")
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    stage: r.stage,
    startedAt: r.started_at,
    resolvedAt: r.resolved_at,
    updates: updates
      .filter((u) => u.incident_id === r.id)
      .map((u) => ({ stage: u.stage, message: u.message, createdAt: u.created_at })),
  }));
}
