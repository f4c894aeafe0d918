import { type ApiOperation, idParams } from "./api-operation.ts";
import { groupListResponse, groupResponse, groupRequestSchemas as input } from "./group-schemas.ts";

const NAME_TAKEN = "The account already has a group with that name";

/** Monitor groups: named collections of monitors with a status and channels of their own. */
export const GROUP_OPERATIONS = {
  listGroups: {
    method: "GET",
    url: "/groups",
    permission: "view",
    summary: "The account's groups, sorted by name, each with its status and member counts",
    tag: "Groups",
    status: 200,
    response: groupListResponse,
  },
  createGroup: {
    method: "POST",
    url: "/groups",
    permission: "monitors.manage",
    summary: "Create a group, optionally with monitors and channels (at most 200 per account)",
    tag: "Groups",
    body: input.create,
    status: 201,
    response: groupResponse,
    conflict: NAME_TAKEN,
  },
  getGroup: {
    method: "GET",
    url: "/groups/:id",
    permission: "view",
    params: idParams,
    summary: "Get one group",
    tag: "Groups",
    status: 200,
    response: groupResponse,
  },
  updateGroup: {
    method: "PATCH",
    url: "/groups/:id",
    permission: "monitors.manage",
    params: idParams,
    summary: "Rename or describe a group, or replace its monitors or channels",
    tag: "Groups",
    body: input.update,
    status: 200,
    response: groupResponse,
    conflict: NAME_TAKEN,
  },
  deleteGroup: {
    method: "DELETE",
    url: "/groups/:id",
    permission: "monitors.manage",
    params: idParams,
    summary: "Delete a group; its monitors stay",
    tag: "Groups",
    status: 204,
  },
  addGroupMonitors: {
    method: "POST",
    url: "/groups/:id/monitors",
    permission: "monitors.manage",
    params: idParams,
    summary: "Add monitors to a group (those already in it stay once)",
    tag: "Groups",
    body: input.addMonitors,
    status: 200,
    response: groupResponse,
  },
  removeGroupMonitor: {
    method: "DELETE",
    url: "/groups/:id/monitors/:monitorId",
    permission: "monitors.manage",
    params: input.memberParams,
    summary: "Take a monitor out of a group (the monitor stays)",
    tag: "Groups",
    status: 204,
  },
} as const satisfies Record<string, ApiOperation>;
