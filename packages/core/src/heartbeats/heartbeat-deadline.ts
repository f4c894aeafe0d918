import type { CheckOutcome } from "../monitors.ts";
import { NO_TIMINGS } from "../monitors.ts";
import type { HeartbeatOptions, HeartbeatSignal } from "./heartbeat-options.ts";

/** What is known of a heartbeat's pings, for the rules below. Times in epoch milliseconds. */
export interface HeartbeatPings {
  lastSignal: HeartbeatSignal | null;
  lastStartedAt: number | null;
}

/** When the next ping is due: one period after `from`, plus the grace time. */
export function heartbeatDueAt(from: number, options: HeartbeatOptions): number {
  return from + (options.period_seconds + options.grace_seconds) * 1000;
}

/**
 * The deadline after a missed one, recorded at `now`: one more period on, and past `now`, so a
 * heartbeat silent for many periods is recorded down once per period, not once per sweep.
 */
export function nextMissedDeadline(dueAt: number, now: number, options: HeartbeatOptions): number {
  const periodMs = options.period_seconds * 1000;
  const missed = Math.floor((now - dueAt) / periodMs) + 1;
  return dueAt + Math.max(1, missed) * periodMs;
}

/** How long the job ran: from its start signal to this end, when the ping before this one was that start. */
export function heartbeatRunMs(pings: HeartbeatPings, at: number): number | null {
  if (pings.lastSignal !== "start" || pings.lastStartedAt === null) return null;
  if (pings.lastStartedAt > at) return null;
  return at - pings.lastStartedAt;
}

/**
 * The check a ping stands for: success is up (with the run time when a start came first), fail
 * is down. A start signal is no check: the job is running, and its end will say how it went.
 */
export function heartbeatPingOutcome(
  signal: HeartbeatSignal,
  pings: HeartbeatPings,
  at: number,
): CheckOutcome | null {
  if (signal === "start") return null;
  if (signal === "fail") {
    return outcome("down", heartbeatRunMs(pings, at), "The job reported a failure.");
  }
  return outcome("up", heartbeatRunMs(pings, at), null);
}

/** The check recorded when no ping arrived in time. */
export function lateHeartbeatOutcome(options: HeartbeatOptions): CheckOutcome {
  const period = describeDuration(options.period_seconds);
  const sentence =
    options.grace_seconds === 0
      ? `No ping arrived within ${period}.`
      : `No ping arrived within ${period} and ${describeDuration(options.grace_seconds)} of grace.`;
  return outcome("down", null, sentence);
}

function outcome(
  status: CheckOutcome["status"],
  responseTimeMs: number | null,
  error: string | null,
): CheckOutcome {
  return { status, responseTimeMs, timings: NO_TIMINGS, statusCode: null, error };
}

/** A number of seconds as people say it: "1 day", "5 minutes and 30 seconds". */
export function describeDuration(seconds: number): string {
  if (seconds === 0) return "0 seconds";
  const units: [number, string][] = [
    [86_400, "day"],
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count === 0) continue;
    parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    rest -= count * size;
  }
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
