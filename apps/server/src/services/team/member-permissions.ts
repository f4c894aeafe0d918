import {
  API_KEY_SCOPE_PERMISSIONS,
  type ApiKeyScope,
  getPlan,
  isBuiltInRole,
  isPermission,
  type Permission,
  type PlanId,
  permissionsOf,
  type Role,
} from "@upwatch/core";

/** A membership's role as stored, with its custom role's permissions (a JSON array) if any. */
export interface StoredRole {
  role: string;
  customPermissions: string | null;
}

/** What a custom role's name gains in answers while the account's plan has no custom roles. */
export const VIEW_ONLY_ON_THIS_PLAN = " (view only on this plan)";

/** Whether custom roles hold their permissions on the plan; elsewhere they allow only `view`. */
export function customRolesApply(plan: PlanId): boolean {
  return getPlan(plan).limits.customRoles;
}

/**
 * The role and permissions of a stored membership in an account on `plan`; an unknown role
 * allows nothing, and a custom role allows only `view` on a plan without custom roles.
 */
export function memberPermissions(
  stored: StoredRole,
  plan: PlanId,
): {
  role: Role | undefined;
  permissions: Set<Permission>;
} {
  if (isBuiltInRole(stored.role)) {
    return { role: stored.role, permissions: permissionsOf(stored.role) };
  }
  if (stored.role === "custom" && stored.customPermissions) {
    if (!customRolesApply(plan)) return { role: "custom", permissions: new Set(["view"]) };
    return {
      role: "custom",
      permissions: permissionsOf("custom", parsePermissions(stored.customPermissions)),
    };
  }
  return { role: undefined, permissions: new Set() };
}

/** The permissions of an API key's scope; a key of an unknown scope may only read. */
export function keyPermissions(scope: string): Set<Permission> {
  const known = scope === "read" || scope === "full";
  return new Set(API_KEY_SCOPE_PERMISSIONS[known ? (scope as ApiKeyScope) : "read"]);
}

function parsePermissions(json: string): Permission[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is Permission => typeof item === "string" && isPermission(item),
    );
  } catch {
    return [];
  }
}
