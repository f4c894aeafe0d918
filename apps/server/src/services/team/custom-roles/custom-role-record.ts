import { isPermission, PERMISSIONS, type Permission, permissionsOf } from "@upwatch/core";
import type { CustomRoleTable } from "@upwatch/db";
import type { Selectable } from "kysely";

/** A role the account defined itself, as the services hand it out. */
export interface CustomRole {
  id: string;
  name: string;
  /** Always includes `view`, in the order of PERMISSIONS. */
  permissions: Permission[];
  createdAt: number;
  updatedAt: number;
}

/** The stored row as a role; permissions no longer known are dropped. */
export function customRoleOf(row: Selectable<CustomRoleTable>): CustomRole {
  return {
    id: row.id,
    name: row.name,
    permissions: normalisePermissions(parseStored(row.permissions)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The permissions a custom role of `chosen` holds: assignable ones only, `view` included. */
export function normalisePermissions(chosen: readonly string[]): Permission[] {
  return [...permissionsOf("custom", chosen.filter(isPermission))].sort(byListOrder);
}

/** The key a name is unique by within an account: trimmed, in lower case. */
export function nameKeyOf(name: string): string {
  return name.trim().toLowerCase();
}

function parseStored(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function byListOrder(a: Permission, b: Permission): number {
  return PERMISSIONS.indexOf(a) - PERMISSIONS.indexOf(b);
}
