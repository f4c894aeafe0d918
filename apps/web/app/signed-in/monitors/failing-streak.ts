import type { MonitorView } from "@upwatch/api";

/** A monitor whose latest checks failed, not yet as many times in a row as its alert needs. */
export interface FailingStreak {
  failures: number;
  threshold: number;
  /** How many more failed checks in a row take it down and open an alert. */
  remaining: number;
}

type StreakFacts = Pick<
  MonitorView,
  "paused" | "state" | "consecutive_failures" | "failure_threshold"
>;

/** The monitor's failing streak, or null when its last check passed or it is already down. */
export function failingStreak(monitor: StreakFacts): FailingStreak | null {
  const failures = monitor.consecutive_failures;
  const threshold = monitor.failure_threshold;
  if (monitor.paused || monitor.state === "down" || failures < 1 || failures >= threshold) {
    return null;
  }
  return { failures, threshold, remaining: threshold - failures };
}

/** "2 of 3 failed checks in a row: 1 more opens an alert." */
export function describeStreak({ failures, threshold, remaining }: FailingStreak): string {
  const more = remaining === 1 ? "1 more opens" : `${remaining} more open`;
  return `${failures} of ${threshold} failed checks in a row: ${more} an alert.`;
}
