import type { ApiOperation } from "./api-operation.ts";
import { roleRequestSchemas as input, roleListResponse, roleResponse } from "./role-schemas.ts";

/** Roles: the built-in ones and, on Enterprise+, the account's own custom roles. */
export const ROLE_OPERATIONS = {
  listRoles: {
    method: "GET",
    url: "/roles",
    permission: "view",
    summary: "The roles a member can have, built-in first, each with its permissions",
    tag: "Team",
    status: 200,
    response: roleListResponse,
  },
  createRole: {
    method: "POST",
    url: "/roles",
    permission: "members.manage",
    summary: "Define a custom role from the assignable permissions (Enterprise+)",
    tag: "Team",
    body: input.create,
    status: 201,
    response: roleResponse,
    conflict: "The account already has a role with that name",
  },
  updateRole: {
    method: "PATCH",
    url: "/roles/:id",
    permission: "members.manage",
    summary: "Rename a custom role or change its permissions; its members get them at once",
    tag: "Team",
    params: input.params,
    body: input.update,
    status: 200,
    response: roleResponse,
    conflict: "The account already has a role with that name",
  },
  deleteRole: {
    method: "DELETE",
    url: "/roles/:id",
    permission: "members.manage",
    summary: "Delete a custom role that no member, invitation or single sign-on default uses",
    tag: "Team",
    params: input.params,
    status: 204,
    conflict: "A member, a pending invitation or the single sign-on default uses the role",
  },
} as const satisfies Record<string, ApiOperation>;
