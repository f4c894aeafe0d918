import { queryOptions } from "@tanstack/react-query";
import type { StatusMaintenance } from "@upwatch/api";
import { apiRequest } from "../api-client.ts";

export type { StatusMaintenance };

const base = (pageId: string) => `/status-pages/${encodeURIComponent(pageId)}/maintenances`;
const one = (pageId: string, id: string) => `${base(pageId)}/${encodeURIComponent(id)}`;

/** What scheduling or changing a window sends; times are ISO. */
export interface MaintenanceInput {
  title: string;
  message: string;
  starts_at: string;
  ends_at: string;
  component_ids: string[];
}

export const maintenanceKey = (pageId: string) => ["status-page", pageId, "maintenances"] as const;

/** The page's windows: upcoming and under way first, then past ones. */
export const maintenanceQuery = (pageId: string) =>
  queryOptions({
    queryKey: maintenanceKey(pageId),
    queryFn: () => apiRequest<{ data: StatusMaintenance[] }>("GET", base(pageId)),
  });

export function scheduleMaintenance(
  pageId: string,
  input: MaintenanceInput & { notify_subscribers: boolean },
): Promise<StatusMaintenance> {
  return apiRequest<StatusMaintenance>("POST", base(pageId), input);
}

export function changeMaintenance(
  pageId: string,
  id: string,
  input: MaintenanceInput,
): Promise<StatusMaintenance> {
  return apiRequest<StatusMaintenance>("PATCH", one(pageId, id), input);
}

export function endMaintenance(pageId: string, id: string): Promise<StatusMaintenance> {
  return apiRequest<StatusMaintenance>("POST", `${one(pageId, id)}/end`);
}

export function deleteMaintenance(pageId: string, id: string): Promise<void> {
  return apiRequest<void>("DELETE", one(pageId, id));
}
