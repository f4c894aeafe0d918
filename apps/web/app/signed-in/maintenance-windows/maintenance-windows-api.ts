import { queryOptions } from "@tanstack/react-query";
import type { MaintenanceWindow } from "@upwatch/api";
import { type BodyOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

export type { MaintenanceWindow };
export type MaintenanceWindowInput = BodyOf<"createMaintenanceWindow">;

export const maintenanceWindowsKey = ["maintenance-windows"] as const;

/** The account's windows of monitors and groups: current and coming first, then past ones. */
export const maintenanceWindowsQuery = () =>
  queryOptions({
    queryKey: maintenanceWindowsKey,
    queryFn: () => call(OP.listMaintenanceWindows),
  });

/** The account's time zone, in which recurring windows are read. */
export const accountSettingsQuery = () =>
  queryOptions({ queryKey: ["account-settings"], queryFn: () => call(OP.getAccountSettings) });

export const scheduleWindow = (input: MaintenanceWindowInput) =>
  call(OP.createMaintenanceWindow, { body: input });

export const deleteWindow = (id: string) => call(OP.deleteMaintenanceWindow, { params: { id } });

export const skipOccurrence = (id: string, startsAt: string) =>
  call(OP.skipMaintenanceOccurrence, { params: { id }, body: { occurrence_starts_at: startsAt } });

export const changeWindow = (id: string, input: BodyOf<"updateMaintenanceWindow">) =>
  call(OP.updateMaintenanceWindow, { params: { id }, body: input });
