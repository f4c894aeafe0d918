import { queryOptions } from "@tanstack/react-query";
import type { RoleAnswer } from "@upwatch/api";
import { type BodyOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

export type { RoleAnswer };

export const rolesKey = ["roles"] as const;

/** The built-in roles, then the account's custom roles. */
export const rolesQuery = () =>
  queryOptions({
    queryKey: rolesKey,
    queryFn: () => call(OP.listRoles),
  });

/** What a custom role is made of. */
export type RoleInput = BodyOf<"createRole">;

export function createRole(input: RoleInput): Promise<RoleAnswer> {
  return call(OP.createRole, { body: input });
}

export function updateRole(id: string, input: RoleInput): Promise<RoleAnswer> {
  return call(OP.updateRole, { params: { id }, body: input });
}

export function deleteRole(id: string): Promise<void> {
  return call(OP.deleteRole, { params: { id } });
}
