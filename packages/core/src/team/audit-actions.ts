/**
 * Every action the audit log records, with the label the app and exports show. An action is
 * `<thing>.<verb>` in the past tense; the part before the dot groups actions for filtering.
 */
export const AUDIT_ACTIONS = {
  "monitor.created": "Monitor added",
  "monitor.updated": "Monitor changed",
  "monitor.deleted": "Monitor deleted",
  "monitor.paused": "Monitor paused",
  "monitor.resumed": "Monitor resumed",
  "group.created": "Monitor group added",
  "group.updated": "Monitor group changed",
  "group.deleted": "Monitor group deleted",
  "monitor.ping_url_regenerated": "Heartbeat ping URL replaced",
  "monitor.badges_enabled": "Monitor badges switched on",
  "monitor.badges_disabled": "Monitor badges switched off",
  "monitor.badge_url_regenerated": "Monitor badge URLs replaced",
  "channel.created": "Alert channel added",
  "channel.updated": "Alert channel changed",
  "channel.deleted": "Alert channel deleted",
  "status_page.created": "Status page added",
  "status_page.updated": "Status page changed",
  "status_page.deleted": "Status page deleted",
  "status_page.domain_verified": "Status page custom domain verified",
  "status_page.domain_verification_failed": "Status page custom domain not verified",
  "status_page.domain_lost": "Status page custom domain lost",
  "dashboard.created": "Dashboard added",
  "dashboard.updated": "Dashboard changed",
  "dashboard.deleted": "Dashboard deleted",
  "dashboard.link_created": "Dashboard share link made",
  "dashboard.link_revoked": "Dashboard share link revoked",
  "report_schedule.created": "Monthly report mail added",
  "report_schedule.updated": "Monthly report mail changed",
  "report_schedule.deleted": "Monthly report mail stopped",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "secure_variable.created": "Secure variable added",
  "secure_variable.replaced": "Secure variable value replaced",
  "secure_variable.deleted": "Secure variable deleted",
  "agent.created": "Agent added",
  "agent.deleted": "Agent deleted",
  "agent.key_replaced": "Agent key replaced",
  "agent.key_revoked": "Agent key revoked",
  "plan.changed": "Plan changed",
  "account.renamed": "Account renamed",
  "account.two_factor_required": "Two-factor requirement changed",
  "account.history_changed": "History length changed",
  "account.time_zone_changed": "Time zone changed",
  "maintenance_window.created": "Maintenance window added",
  "maintenance_window.updated": "Maintenance window changed",
  "maintenance_window.deleted": "Maintenance window deleted",
  "maintenance_window.occurrence_skipped": "Maintenance occurrence skipped",
  "member.invited": "Person invited",
  "invitation.resent": "Invitation sent again",
  "invitation.revoked": "Invitation revoked",
  "member.joined": "Person joined",
  "member.role_changed": "Role changed",
  "member.removed": "Person removed",
  "member.left": "Person left",
  "ownership.transferred": "Ownership transferred",
  "custom_role.created": "Custom role added",
  "custom_role.updated": "Custom role changed",
  "custom_role.deleted": "Custom role deleted",
  "sign_in.succeeded": "Signed in",
  "sign_in.failed": "Sign-in failed",
  "two_factor.enabled": "Two-factor sign-in turned on",
  "two_factor.disabled": "Two-factor sign-in turned off",
  "recovery_codes.regenerated": "Recovery codes replaced",
  "recovery_code.used": "Recovery code used",
  "session.ended": "Session ended",
  "sso.configured": "Single sign-on set up",
  "sso.updated": "Single sign-on changed",
  "sso.removed": "Single sign-on removed",
  "sso.identity_linked": "Single sign-on linked to a sign-in",
  "sso.identity_refused": "Single sign-on refused an unlinked sign-in",
  "sso.domain_verified": "Single sign-on domain verified",
  "sso.domain_verification_failed": "Single sign-on domain not verified",
  "sso.domain_lost": "Single sign-on domain lost",
} as const satisfies Record<string, string>;

/** An action the audit log knows. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The things actions are about, for filtering by a prefix such as `monitor.`. */
export const AUDIT_ACTION_GROUPS: readonly string[] = [
  ...new Set(Object.keys(AUDIT_ACTIONS).map((action) => action.slice(0, action.indexOf(".")))),
];

/** The label of an action; an action this version does not know shows as itself. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}
