import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS } from "@upwatch/core";

const GROUP_LABELS: Record<string, string> = {
  monitor: "Monitors",
  channel: "Alert channels",
  status_page: "Status pages",
  dashboard: "Dashboards",
  report_schedule: "Monthly report mail",
  api_key: "API keys",
  secure_variable: "Secure variables",
  agent: "Agents",
  plan: "Plan",
  account: "Account",
  member: "Members",
  invitation: "Invitations",
  ownership: "Ownership",
  custom_role: "Custom roles",
  sign_in: "Sign-ins",
  two_factor: "Two-factor sign-in",
  recovery_codes: "Recovery codes",
  recovery_code: "Recovery codes used",
  session: "Sessions",
  sso: "Single sign-on",
};

/** A group of the action filter: every action of one thing, then each action alone. */
export interface AuditActionGroup {
  label: string;
  prefix: string;
  actions: Array<{ value: string; label: string }>;
}

/** The action filter's choices, grouped by the thing they are about. */
export const AUDIT_ACTION_OPTIONS: AuditActionGroup[] = AUDIT_ACTION_GROUPS.map((group) => ({
  label: GROUP_LABELS[group] ?? group,
  prefix: `${group}.`,
  actions: Object.entries(AUDIT_ACTIONS)
    .filter(([action]) => action.startsWith(`${group}.`))
    .map(([value, label]) => ({ value, label })),
}));
