import type { CheckView, MonitorView } from "@upwatch/api";

/**
 * The checks as the monitor's page shows them. A multi-step run's phases belong to its steps, and
 * a heartbeat's check is a ping or a missed deadline: neither has DNS, connect, TLS or first-byte
 * times of its own, whatever the plan includes.
 */
export function checksAsShown(
  checks: readonly CheckView[],
  type: MonitorView["type"],
): CheckView[] {
  if (type !== "multi_step" && type !== "heartbeat") return [...checks];
  return checks.map((check) => ({ ...check, timings: null }));
}

/** What the recent checks table holds for a monitor of this type. */
export interface ChecksTableShape {
  phases: boolean;
  /** A heartbeat's checks ran from no region and answered no status code. */
  regionAndCode: boolean;
  /** The sentence shown while there is no check yet. */
  empty: string;
}

/** The columns and the empty sentence of the recent checks table. */
export function checksTableShape(
  checks: readonly CheckView[],
  heartbeat: boolean,
): ChecksTableShape {
  return {
    phases: checks.some((check) => check.timings !== null),
    regionAndCode: !heartbeat,
    empty: heartbeat
      ? "No checks yet. One is recorded when the job pings, or when a ping is late."
      : "No checks yet. The first one runs within a few seconds.",
  };
}
