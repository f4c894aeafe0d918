import { queryOptions } from "@tanstack/react-query";
import type { RoleAnswer } from "@upwatch/api";
import { apiRequest } from "../api-client.ts";

export type { RoleAnswer };

export const rolesKey = ["roles"] as const;

const path = (id: string) => `/roles/${encodeURIComponent(id)}`;

/** The built-in roles, then the account's custom roles. */
export const rolesQuery = () =>
  queryOptions({
    queryKey: rolesKey,
    queryFn: () => apiRequest<{ data: RoleAnswer[] }>("GET", "/roles"),
  });

/** What a custom role is made of. */
export interface RoleInput {
  name: string;
  permissions: string[];
}

export function createRole(input: RoleInput): Promise<RoleAnswer> {
  return apiRequest<RoleAnswer>("POST", "/roles", input);
}

export function updateRole(id: string, input: RoleInput): Promise<RoleAnswer> {
  return apiRequest<RoleAnswer>("PATCH", path(id), input);
}

export function deleteRole(id: string): Promise<void> {
  return apiRequest<void>("DELETE", path(id));
}
