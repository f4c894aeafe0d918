/**
 * The floors the server's folders and top-level files (under apps/server/src) stand on, from the
 * top: a file imports files on its own floor or below, never above. docs/architecture.md shows
 * this list with what each floor holds.
 */
export const SERVER_FLOORS: readonly (readonly string[])[] = [
  ["main.ts", "admin/"],
  ["wiring/"],
  ["routes/"],
  ["status-site/", "web/", "pages/"],
  ["http/"],
  ["cluster/", "live/", "notifications/"],
  ["presenters/"],
  ["services/", "billing/"],
  ["alerting/"],
  ["engine/"],
  ["check-intake/"],
  ["agents/", "metrics/", "mail/", "background/", "records/"],
  ["config.ts", "logger.ts", "time.ts", "describe-duration.ts", "closing-steps.ts", "secrets/"],
];

/**
 * The imports that still run up a floor, as "importing file -> imported file" under
 * apps/server/src; docs/architecture.md gives each one's reason.
 */
export const IMPORTS_UP_A_FLOOR: readonly string[] = [
  "alerting/apply-checks.ts -> services/status-components-follow/follow-monitor-states.ts",
  "engine/agent-task-planner.ts -> alerting/index.ts",
  "engine/engine-ports.ts -> alerting/index.ts",
  "engine/monitoring-engine.ts -> alerting/index.ts",
];
