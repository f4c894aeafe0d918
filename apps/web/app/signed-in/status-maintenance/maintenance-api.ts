import { queryOptions } from "@tanstack/react-query";
import type { StatusMaintenance } from "@upwatch/api";
import { type BodyOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

export type { StatusMaintenance };

/** What scheduling or changing a window sends; times are ISO. */
export type MaintenanceInput = Omit<BodyOf<"createStatusMaintenance">, "notify_subscribers">;

export const maintenanceKey = (pageId: string) => ["status-page", pageId, "maintenances"] as const;

/** The page's windows: upcoming and under way first, then past ones. */
export const maintenanceQuery = (pageId: string) =>
  queryOptions({
    queryKey: maintenanceKey(pageId),
    queryFn: () => call(OP.listStatusMaintenances, { params: { id: pageId } }),
  });

export function scheduleMaintenance(
  pageId: string,
  input: BodyOf<"createStatusMaintenance">,
): Promise<StatusMaintenance> {
  return call(OP.createStatusMaintenance, { params: { id: pageId }, body: input });
}

export function changeMaintenance(
  pageId: string,
  id: string,
  input: MaintenanceInput,
): Promise<StatusMaintenance> {
  return call(OP.updateStatusMaintenance, {
    params: { id: pageId, maintenanceId: id },
    body: input,
  });
}

export function endMaintenance(pageId: string, id: string): Promise<StatusMaintenance> {
  return call(OP.endStatusMaintenance, { params: { id: pageId, maintenanceId: id } });
}

export function deleteMaintenance(pageId: string, id: string): Promise<void> {
  return call(OP.deleteStatusMaintenance, { params: { id: pageId, maintenanceId: id } });
}

export function skipMaintenance(
  pageId: string,
  id: string,
  startsAt: string,
): Promise<StatusMaintenance> {
  return call(OP.skipStatusMaintenanceOccurrence, {
    params: { id: pageId, maintenanceId: id },
    body: { occurrence_starts_at: startsAt },
  });
}
