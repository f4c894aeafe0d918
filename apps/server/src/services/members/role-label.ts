import { isBuiltInRole, type PlanId, ROLE_NAMES, type Role } from "@upwatch/core";
import { customRolesApply, VIEW_ONLY_ON_THIS_PLAN } from "../team/member-permissions.ts";

/**
 * A stored role as the API names it, and how it reads (a custom role by its own name). Given
 * the account's plan, a custom role the plan no longer honours says it allows viewing only.
 */
export function roleLabel(
  stored: string,
  customRoleName: string | null,
  plan?: PlanId,
): { role: Role; roleName: string } {
  if (isBuiltInRole(stored)) return { role: stored, roleName: ROLE_NAMES[stored] };
  const suffix = plan && !customRolesApply(plan) ? VIEW_ONLY_ON_THIS_PLAN : "";
  return { role: "custom", roleName: `${customRoleName ?? "Custom role"}${suffix}` };
}
