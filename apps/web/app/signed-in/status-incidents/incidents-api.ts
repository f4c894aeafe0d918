import { queryOptions } from "@tanstack/react-query";
import type { StatusComponent, StatusIncident, StatusPage } from "@upwatch/api";
import type { ComponentState, IncidentStage } from "@upwatch/core";
import { apiRequest } from "../api-client.ts";
import { statusComponentsQuery, statusPagesQuery } from "../status-pages/status-pages-api.ts";

export type { StatusComponent, StatusIncident, StatusPage };

/** One component's state as an incident update sets it. */
export interface ComponentChange {
  component_id: string;
  state: ComponentState;
}

/** A page of incidents, newest first. */
export interface IncidentPage {
  data: StatusIncident[];
  next_before: string | null;
}

/** The components a monitor is linked to, on every page of the account. */
export interface MonitorComponentLink {
  page_id: string;
  page_name: string;
  component_id: string;
  component_name: string;
  state: ComponentState;
}

const pagePath = (pageId: string) => `/status-pages/${encodeURIComponent(pageId)}`;
const incidentPath = (pageId: string, incidentId: string) =>
  `${pagePath(pageId)}/incidents/${encodeURIComponent(incidentId)}`;

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
      apiRequest<IncidentPage>("GET", `${pagePath(pageId)}/incidents?state=${state}&limit=100`),
  });

/** One incident with its updates, newest first. */
export const incidentQuery = (pageId: string, incidentId: string) =>
  queryOptions({
    queryKey: statusKeys.incident(pageId, incidentId),
    queryFn: () => apiRequest<StatusIncident>("GET", incidentPath(pageId, incidentId)),
  });

/** The status page components linked to a monitor. */
export const monitorComponentsQuery = (monitorId: string) =>
  queryOptions({
    queryKey: statusKeys.monitorComponents(monitorId),
    queryFn: () =>
      apiRequest<{ data: MonitorComponentLink[] }>(
        "GET",
        `/monitors/${encodeURIComponent(monitorId)}/status-components`,
      ),
  });

/** What opening an incident sends. */
export interface NewIncident {
  title: string;
  stage: IncidentStage;
  message: string;
  components: ComponentChange[];
  notify_subscribers: boolean;
}

export function createIncident(pageId: string, incident: NewIncident): Promise<StatusIncident> {
  return apiRequest<StatusIncident>("POST", `${pagePath(pageId)}/incidents`, incident);
}

/** What posting an update sends. */
export interface NewUpdate {
  stage: IncidentStage;
  message: string;
  components: ComponentChange[];
  notify_subscribers: boolean;
}

export function postIncidentUpdate(
  pageId: string,
  incidentId: string,
  update: NewUpdate,
): Promise<StatusIncident> {
  return apiRequest<StatusIncident>("POST", `${incidentPath(pageId, incidentId)}/updates`, update);
}

export function editIncidentUpdate(
  pageId: string,
  incidentId: string,
  updateId: string,
  message: string,
): Promise<StatusIncident> {
  return apiRequest<StatusIncident>(
    "PATCH",
    `${incidentPath(pageId, incidentId)}/updates/${encodeURIComponent(updateId)}`,
    { message },
  );
}

export function renameIncident(
  pageId: string,
  incidentId: string,
  title: string,
): Promise<StatusIncident> {
  return apiRequest<StatusIncident>("PATCH", incidentPath(pageId, incidentId), { title });
}

export function deleteIncident(pageId: string, incidentId: string): Promise<void> {
  return apiRequest<void>("DELETE", incidentPath(pageId, incidentId));
}
