import type { SectionTab } from "../ui/section-tabs.tsx";

/** The tabs of Settings, in order; each screen keeps its own heading under them. */
export const SETTINGS_TABS: readonly SectionTab[] = [
  { to: "", label: "Account", end: true },
  { to: "members", label: "Members", end: false },
  { to: "roles", label: "Roles", end: false },
  { to: "security", label: "Security", end: false },
  { to: "audit-log", label: "Audit log", end: false, permission: "audit_log.view" },
  { to: "sso", label: "Single sign-on", end: false },
];
