import { queryOptions } from "@tanstack/react-query";
import type { StatusComponent, StatusIncident, StatusPage } from "@upwatch/api";
import { type AnswerOf, type BodyOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { statusComponentsQuery, statusPagesQuery } from "../status-pages/status-pages-api.ts";

export type { StatusComponent, StatusIncident, StatusPage };

/** What opening an incident sends. */
export type NewIncident = BodyOf<"createStatusIncident">;
/** What posting an update sends. */
export type NewUpdate = BodyOf<"postStatusIncidentUpdate">;
/** One component's state as an incident update sets it. */
export type ComponentChange = NonNullable<NewUpdate["components"]>[number];
/** A page of incidents, newest first. */
export type IncidentPage = AnswerOf<"listStatusIncidents">;
/** A component a monitor is linked to, on any page of the account. */
export type MonitorComponentLink = AnswerOf<"listMonitorStatusComponents">["data"][number];

/** Cache keys: everything about one page sits under `["status-page", id]`. */
export const statusKeys = {
  pages: ["status-pages"] as const,
  page: (pageId: string) => ["status-page", pageId] as const,
  components: (pageId: string) => ["status-page", pageId, "components"] as const,
  incidents: (pageId: string) => ["status-page", pageId, "incidents"] as const,
  incidentList: (pageId: string, state: "open" | "resolved") =>
    ["status-page", pageId, "incidents", state] as const,
  incident: (pageId: string, incidentId: string) =>
    ["status-page", pageId, "incidents", "one", incidentId] as const,
  monitorComponents: (monitorId: string) => ["monitor", monitorId, "status-components"] as const,
};

/** The account's status pages, and a page's sections and components, as the page screens read them. */
export { statusComponentsQuery as pageComponentsQuery, statusPagesQuery as statusPagesListQuery };

/** A page's open or resolved incidents, newest first (the latest 100). */
export const incidentListQuery = (pageId: string, state: "open" | "resolved") =>
  queryOptions({
    queryKey: statusKeys.incidentList(pageId, state),
    queryFn: () =>
      call(OP.listStatusIncidents, { params: { id: pageId }, query: { state, limit: 100 } }),
  });

/** One incident with its updates, newest first. */
export const incidentQuery = (pageId: string, incidentId: string) =>
  queryOptions({
    queryKey: statusKeys.incident(pageId, incidentId),
    queryFn: () => call(OP.getStatusIncident, { params: { id: pageId, incidentId } }),
  });

/** The status page components linked to a monitor. */
export const monitorComponentsQuery = (monitorId: string) =>
  queryOptions({
    queryKey: statusKeys.monitorComponents(monitorId),
    queryFn: () => call(OP.listMonitorStatusComponents, { params: { id: monitorId } }),
  });

export function createIncident(pageId: string, incident: NewIncident): Promise<StatusIncident> {
  return call(OP.createStatusIncident, { params: { id: pageId }, body: incident });
}

export function postIncidentUpdate(
  pageId: string,
  incidentId: string,
  update: NewUpdate,
): Promise<StatusIncident> {
  return call(OP.postStatusIncidentUpdate, { params: { id: pageId, incidentId }, body: update });
}

export function editIncidentUpdate(
  pageId: string,
  incidentId: string,
  updateId: string,
  message: string,
): Promise<StatusIncident> {
  return call(OP.editStatusIncidentUpdate, {
    params: { id: pageId, incidentId, updateId },
    body: { message },
  });
}

export function renameIncident(
  pageId: string,
  incidentId: string,
  title: string,
): Promise<StatusIncident> {
  return call(OP.updateStatusIncident, { params: { id: pageId, incidentId }, body: { title } });
}

export function deleteIncident(pageId: string, incidentId: string): Promise<void> {
  return call(OP.deleteStatusIncident, { params: { id: pageId, incidentId } });
}
