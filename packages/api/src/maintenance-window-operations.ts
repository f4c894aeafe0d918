import { type ApiOperation, idParams } from "./api-operation.ts";
import {
  maintenanceWindowRequestSchemas as input,
  maintenanceWindowListResponse,
  maintenanceWindowResponse,
} from "./maintenance-window-schemas.ts";

/** Maintenance windows of monitors and groups, kept without a status page. */
export const MAINTENANCE_WINDOW_OPERATIONS = {
  listMaintenanceWindows: {
    method: "GET",
    url: "/maintenance-windows",
    permission: "view",
    summary:
      "The account's maintenance windows of monitors and groups: current and coming first, then past",
    tag: "Maintenance",
    status: 200,
    response: maintenanceWindowListResponse,
  },
  createMaintenanceWindow: {
    method: "POST",
    url: "/maintenance-windows",
    permission: "monitors.manage",
    summary:
      "Schedule maintenance of monitors and groups, once or recurring; their alerts are held during it",
    tag: "Maintenance",
    body: input.create,
    status: 201,
    response: maintenanceWindowResponse,
  },
  getMaintenanceWindow: {
    method: "GET",
    url: "/maintenance-windows/:id",
    permission: "view",
    params: idParams,
    summary: "One maintenance window with its next occurrences",
    tag: "Maintenance",
    status: 200,
    response: maintenanceWindowResponse,
  },
  updateMaintenanceWindow: {
    method: "PATCH",
    url: "/maintenance-windows/:id",
    permission: "monitors.manage",
    params: idParams,
    summary: "Change a window; a new rule applies from now on, past occurrences keep the old one",
    tag: "Maintenance",
    body: input.update,
    status: 200,
    response: maintenanceWindowResponse,
  },
  deleteMaintenanceWindow: {
    method: "DELETE",
    url: "/maintenance-windows/:id",
    permission: "monitors.manage",
    params: idParams,
    summary:
      "Delete a window with its past occurrences; held alerts are looked at again within a minute",
    tag: "Maintenance",
    status: 204,
  },
  skipMaintenanceOccurrence: {
    method: "POST",
    url: "/maintenance-windows/:id/skips",
    permission: "monitors.manage",
    params: idParams,
    summary: "Cancel one coming occurrence of a recurring window",
    tag: "Maintenance",
    body: input.skip,
    status: 200,
    response: maintenanceWindowResponse,
  },
} as const satisfies Record<string, ApiOperation>;
