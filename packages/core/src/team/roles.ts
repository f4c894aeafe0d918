/**
 * What a person may do in an account. Every API operation names one of these (or "self" for
 * a person's own sign-in settings); the server refuses a request whose caller lacks it.
 */
export const PERMISSIONS = [
  "view",
  "monitors.manage",
  "alerts.respond",
  "channels.manage",
  "status_pages.manage",
  "agents.manage",
  "secure_variables.manage",
  "api_keys.manage",
  "members.manage",
  "audit_log.view",
  "billing",
  "account.own",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission allows, in the words the app and docs/accounts.md use. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  view: "See everything in the account: monitors, checks, alerts, channels, status pages, agents",
  "monitors.manage":
    "Add, change, pause, delete and check monitors, with their channels and dependencies",
  "alerts.respond": "Acknowledge and resolve alerts",
  "channels.manage": "Add, change, test and delete alert channels",
  "status_pages.manage":
    "Run status pages: their components, incidents, maintenance windows and subscribers",
  "agents.manage":
    "Add agents, replace or revoke their keys, and change their alert rules and settings",
  "secure_variables.manage": "Add, change and delete secure variables",
  "api_keys.manage": "Make and revoke API keys",
  "members.manage": "Invite people, change their roles and remove them, and define custom roles",
  "audit_log.view": "Read and export the audit log",
  billing: "See and change the plan, its extras, payments, invoices and refunds",
  "account.own":
    "Delete the account, transfer its ownership, require two-factor sign-in or set up single sign-on",
};

/** The built-in roles, most powerful first; `custom` is a role the account defined itself. */
export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type BuiltInRole = (typeof ROLES)[number];
export type Role = BuiltInRole | "custom";

/** Permissions only the owner holds: no other role and no custom role can be given them. */
export const OWNER_ONLY_PERMISSIONS: readonly Permission[] = ["account.own"];

/** The permissions a custom role may be made of (always with `view`). */
export const ASSIGNABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (permission) => !OWNER_ONLY_PERMISSIONS.includes(permission),
);

export const ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ASSIGNABLE_PERMISSIONS,
  member: ["view", "monitors.manage", "alerts.respond"],
  viewer: ["view"],
};

export const ROLE_NAMES: Record<BuiltInRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/** The scopes an API key is made with: read-only, or everything an admin may do. */
export const API_KEY_SCOPES = ["read", "full"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_PERMISSIONS: Record<ApiKeyScope, readonly Permission[]> = {
  read: ["view"],
  full: ASSIGNABLE_PERMISSIONS,
};

export function isBuiltInRole(value: string): value is BuiltInRole {
  return (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions of a built-in role, or of a custom role made of `custom` (view included). */
export function permissionsOf(role: Role, custom: readonly Permission[] = []): Set<Permission> {
  if (role !== "custom") return new Set(ROLE_PERMISSIONS[role]);
  return new Set<Permission>([
    "view",
    ...custom.filter((permission) => ASSIGNABLE_PERMISSIONS.includes(permission)),
  ]);
}
