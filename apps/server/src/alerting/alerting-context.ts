import type { AlertChanges, AlertsChanged } from "./alert-changes.ts";

/**
 * What the alert engine needs besides storage: the time, ids and where alert pages live. A
 * service context answers the first two as it does for every verb.
 */
export interface AlertingContext {
  /** Milliseconds since the epoch; tests pass a controlled clock. */
  now(): number;
  /** A new unique id such as `alt_4kq2...`. */
  newId(prefix: string): string;
  /** The server's public origin; alert pages are `${linkBase}/a/<token>`. */
  linkBase: string;
  /** Collects the alerts the current transaction changes (set per transaction). */
  changes?: AlertChanges | undefined;
  /** Told which alerts changed once their transaction committed. */
  alertsChanged?: AlertsChanged | undefined;
}

/** The context of one transaction, collecting the alerts it changes into `changes`. */
export function inTransaction(actx: AlertingContext, changes: AlertChanges): AlertingContext {
  return { ...actx, changes };
}

/** The page of an alert, linked from its notifications, where it can be acknowledged. */
export function alertPageUrl(actx: Pick<AlertingContext, "linkBase">, pageToken: string): string {
  return `${actx.linkBase}/a/${pageToken}`;
}
