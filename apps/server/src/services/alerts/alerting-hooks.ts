import type { AlertingContext } from "../../alerting/index.ts";

/** What alert services need beyond storage: the alerting context and a way to wake delivery. */
export interface AlertingHooks {
  actx: AlertingContext;
  /** Notifications were committed: deliver them now. */
  queued(): void;
  /** Held notifications may be free to go (a dependency was removed): look again now. */
  recheck(): void;
}

/** Hooks that do nothing, for tools that change data without running alerting. */
export function quietAlertingHooks(actx: AlertingContext): AlertingHooks {
  return { actx, queued: () => {}, recheck: () => {} };
}
