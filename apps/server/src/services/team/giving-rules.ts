import { ASSIGNABLE_PERMISSIONS, PERMISSIONS, type Permission } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { ServiceError } from "../service-error.ts";

/**
 * Refuses giving (by invitation, role change or a custom role's permissions) what the caller
 * does not hold: a permission they lack, or the Admin role unless they are the owner or an admin
 * (or a key made by the admin command, which has an admin's permissions). Verbs called from
 * inside the server carry no permissions and are not limited.
 */
export function requireMayGive(
  access: AccountAccess,
  given: { label: string; permissions: Iterable<Permission>; admin?: boolean },
): void {
  const held = access.permissions;
  if (!held) return;
  if (given.admin && !mayGiveAdmin(access)) {
    throw new ServiceError("forbidden", "Only the owner or an admin may give the Admin role.");
  }
  const missing = lacking(held, given.permissions);
  if (missing.length) {
    throw new ServiceError(
      "forbidden",
      `You cannot give ${given.label}: it allows ${listOf(missing)}, which you may not do yourself.`,
    );
  }
}

/**
 * Refuses changing or removing a member whose role allows something the caller's does not
 * (a member who manages members cannot change or remove an admin).
 */
export function requireMayManageMember(
  access: AccountAccess,
  member: { email: string; permissions: Iterable<Permission> },
): void {
  const held = access.permissions;
  if (!held) return;
  const missing = lacking(held, member.permissions);
  if (missing.length) {
    throw new ServiceError(
      "forbidden",
      `You cannot change or remove ${member.email}: their role allows ${listOf(missing)}, which yours does not.`,
    );
  }
}

/**
 * Refuses resending or revoking an invitation whose role the caller could not give (an invitation
 * to the Admin role is handled by the owner and admins only).
 */
export function requireMayHandleInvitation(
  access: AccountAccess,
  invitation: { email: string; permissions: Iterable<Permission>; admin: boolean },
): void {
  const held = access.permissions;
  if (!held) return;
  if (invitation.admin && !mayGiveAdmin(access)) {
    throw new ServiceError(
      "forbidden",
      `Only the owner or an admin may resend or revoke the invitation of ${invitation.email}, which gives the Admin role.`,
    );
  }
  const missing = lacking(held, invitation.permissions);
  if (missing.length) {
    throw new ServiceError(
      "forbidden",
      `You cannot resend or revoke the invitation of ${invitation.email}: its role allows ${listOf(missing)}, which yours does not.`,
    );
  }
}

function mayGiveAdmin(access: AccountAccess): boolean {
  if (access.role === "owner" || access.role === "admin") return true;
  const held = access.permissions;
  return (
    access.role === undefined &&
    access.apiKeyId !== undefined &&
    held !== undefined &&
    ASSIGNABLE_PERMISSIONS.every((permission) => held.has(permission))
  );
}

function lacking(held: ReadonlySet<Permission>, wanted: Iterable<Permission>): Permission[] {
  const missing = new Set([...wanted].filter((permission) => !held.has(permission)));
  return PERMISSIONS.filter((permission) => missing.has(permission));
}

function listOf(permissions: readonly Permission[]): string {
  return permissions.map((permission) => `“${permission}”`).join(", ");
}
