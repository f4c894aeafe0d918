import type { ComponentState, IncidentStage } from "@upwatch/core";
import type { Database, StatusIncidentTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { NotFoundError } from "../service-error.ts";
import { type ComponentChange, pageComponentNames } from "./page-components.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface ComponentStateRef {
  componentId: string;
  name: string;
  state: ComponentState;
}

export interface IncidentUpdateView {
  id: string;
  stage: IncidentStage;
  message: string;
  components: ComponentStateRef[];
  createdAt: number;
}

/** An incident with its updates (newest first) and each component's latest state set in it. */
export interface IncidentView {
  incident: StatusIncidentTable;
  updates: IncidentUpdateView[];
  components: ComponentStateRef[];
}

/** The page's incident with that id, with its updates; NotFoundError otherwise. */
export async function loadIncident(
  db: Db,
  pageId: string,
  incidentId: string,
): Promise<IncidentView> {
  const incident = await db
    .selectFrom("status_incidents")
    .selectAll()
    .where("id", "=", incidentId)
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  if (!incident) throw new NotFoundError("incident");
  const [view] = await viewIncidents(db, pageId, [incident]);
  return view as IncidentView;
}

/** The views of some incidents of one page, in the order given. */
export async function viewIncidents(
  db: Db,
  pageId: string,
  incidents: StatusIncidentTable[],
): Promise<IncidentView[]> {
  if (incidents.length === 0) return [];
  const names = await pageComponentNames(db, pageId);
  const updates = await db
    .selectFrom("status_incident_updates")
    .selectAll()
    .where(
      "incident_id",
      "in",
      incidents.map((incident) => incident.id),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return incidents.map((incident) => {
    const own = updates
      .filter((update) => update.incident_id === incident.id)
      .map((update) => ({
        id: update.id,
        stage: update.stage as IncidentStage,
        message: update.message,
        components: refs(JSON.parse(update.components) as ComponentChange[], names),
        createdAt: Number(update.created_at),
      }));
    return { incident, updates: own, components: latestStates(own) };
  });
}

function refs(changes: ComponentChange[], names: ReadonlyMap<string, string>): ComponentStateRef[] {
  return changes.flatMap((change) => {
    const name = names.get(change.component_id);
    return name === undefined
      ? []
      : [{ componentId: change.component_id, name, state: change.state }];
  });
}

function latestStates(updatesNewestFirst: IncidentUpdateView[]): ComponentStateRef[] {
  const latest = new Map<string, ComponentStateRef>();
  for (const update of [...updatesNewestFirst].reverse()) {
    for (const ref of update.components) {
      latest.set(ref.componentId, ref);
    }
  }
  return [...latest.values()];
}
