import { useQuery } from "@tanstack/react-query";
import { getPlan, isPermission, PERMISSION_DESCRIPTIONS, ROLE_PERMISSIONS } from "@upwatch/core";
import { useSession } from "../session.tsx";
import { type RoleAnswer, rolesQuery } from "./roles-api.ts";

/** A role a person can be given, as a picker offers it. */
export interface RoleChoice {
  /** The picker's value: the built-in role's name, or `custom:<id>`. */
  value: string;
  label: string;
  hint: string;
  /** What the role allows. */
  permissions: readonly string[];
}

/** Who is giving: their own role and what it allows. */
export interface Giver {
  role: string;
  permissions: readonly string[];
}

/** The built-in roles that can be given (ownership is transferred, never given). */
const BUILT_IN: readonly RoleChoice[] = [
  {
    value: "admin",
    label: "Admin",
    hint: "Everything except billing-level owner settings",
    permissions: ROLE_PERMISSIONS.admin,
  },
  {
    value: "member",
    label: "Member",
    hint: "Manage monitors and respond to alerts",
    permissions: ROLE_PERMISSIONS.member,
  },
  {
    value: "viewer",
    label: "Viewer",
    hint: "See everything, change nothing",
    permissions: ROLE_PERMISSIONS.viewer,
  },
];

/**
 * The server's rule for giving a role, so pickers offer only what will be accepted: nobody
 * gives a role allowing what they may not do themselves, and only the owner or an admin gives
 * Admin.
 */
export function mayGive(giver: Giver, role: Pick<RoleChoice, "value" | "permissions">): boolean {
  if (role.value === "admin" && giver.role !== "owner" && giver.role !== "admin") return false;
  return role.permissions.every((permission) => giver.permissions.includes(permission));
}

/** The picker value of a role as the API names it (`role`, plus `custom_role_id` for custom). */
export function roleChoiceValue(role: string, customRoleId?: string | null): string {
  return role === "custom" && customRoleId ? `custom:${customRoleId}` : role;
}

/** What the API takes for a picker value: `{ role }`, or `{ role: "custom", custom_role_id }`. */
export function roleOfChoice(value: string): {
  role: "admin" | "member" | "viewer" | "custom";
  custom_role_id?: string;
} {
  if (value.startsWith("custom:")) {
    return { role: "custom", custom_role_id: value.slice("custom:".length) };
  }
  return { role: value as "admin" | "member" | "viewer" };
}

/**
 * Admin, Member and Viewer, then the account's custom roles (from `GET /roles`) while its plan
 * lets them be given (`customRoles`); otherwise only `current`, the custom role someone already
 * has, so a picker can still show it.
 */
export function roleChoices(
  roles: readonly RoleAnswer[] | undefined,
  options: { customRoles: boolean; current?: string | undefined; giver?: Giver | undefined },
): RoleChoice[] {
  const custom = (roles ?? [])
    .filter((role) => role.kind === "custom")
    .filter((role) => options.customRoles || roleChoiceValue("custom", role.id) === options.current)
    .map((role) => ({
      value: roleChoiceValue("custom", role.id),
      label: role.name,
      hint: role.permissions
        .filter(isPermission)
        .map((permission) => PERMISSION_DESCRIPTIONS[permission])
        .join("; "),
      permissions: role.permissions,
    }));
  const giver = options.giver;
  return [...BUILT_IN, ...custom].filter(
    (choice) => !giver || choice.value === options.current || mayGive(giver, choice),
  );
}

/**
 * The roles the signed-in person's pickers offer (those they may give, and `current`); the
 * built-in ones while the custom ones load.
 */
export function useRoleChoices(): (current?: string) => RoleChoice[] {
  const roles = useQuery(rolesQuery());
  const { account, membership } = useSession();
  const customRoles = getPlan(account.plan).limits.customRoles;
  return (current) => roleChoices(roles.data?.data, { customRoles, current, giver: membership });
}

/**
 * Whether the signed-in person may change or remove someone holding the role `value` (a picker
 * value): the server refuses it when that role allows something theirs does not.
 */
export function useMayManageRole(): (value: string) => boolean {
  const roles = useQuery(rolesQuery());
  const { membership } = useSession();
  return (value) => {
    const all = roleChoices(roles.data?.data, { customRoles: true });
    const role = all.find((choice) => choice.value === value);
    if (!role) return false;
    const held: readonly string[] = membership.permissions;
    return role.permissions.every((permission) => held.includes(permission));
  };
}

/**
 * Whether the signed-in person may resend or revoke an invitation giving the role `value` (a
 * picker value): the server allows it to those who could give that role themselves. Undefined
 * while a custom role's permissions are not known yet; a custom role since deleted counts, as
 * on the server, as Viewer.
 */
export function useMayHandleInvitation(): (value: string) => boolean | undefined {
  const roles = useQuery(rolesQuery());
  const { membership } = useSession();
  return (value) => {
    const custom = value.startsWith("custom:");
    if (custom && !roles.data) return undefined;
    const role = roleChoices(roles.data?.data, { customRoles: true }).find(
      (choice) => choice.value === value,
    ) ?? { value, permissions: ROLE_PERMISSIONS.viewer };
    return mayGive(membership, role);
  };
}
