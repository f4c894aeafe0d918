import type { SessionMembership } from "@upwatch/api";
import type { Permission } from "@upwatch/core";

/** Whether the person's role in the session's account allows the permission. */
export function can(membership: SessionMembership, permission: Permission): boolean {
  return membership.permissions.includes(permission);
}

/** The navigation items a role may open: items naming a permission need it. */
export function allowedNavItems<Item extends { label: string; permission?: Permission }>(
  items: readonly Item[],
  membership: SessionMembership,
): Item[] {
  return items.filter((item) => !item.permission || can(membership, item.permission));
}
