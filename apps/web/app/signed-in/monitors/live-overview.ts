import type { CheckView, MonitorOverview, MonitorStatus, UptimeBucket } from "@upwatch/api";

const HALF_HOUR_MS = 30 * 60_000;

/** Uptime percent of a day's buckets, or null when there was no check. */
export function uptimeOfBars(bars: readonly UptimeBucket[]): number | null {
  let up = 0;
  let total = 0;
  for (const bucket of bars) {
    up += bucket.up;
    total += bucket.up + bucket.down;
  }
  return total === 0 ? null : (up / total) * 100;
}

/** Counts one check in its half-hour, sliding the 48-bucket window forward when it is newer. */
export function addCheckToBars(bars: readonly UptimeBucket[], check: CheckView): UptimeBucket[] {
  const at = Date.parse(check.checked_at);
  const next = bars.map((bucket) => ({ ...bucket }));
  const last = next[next.length - 1];
  if (!last) return next;
  let lastStart = Date.parse(last.start);
  while (at >= lastStart + HALF_HOUR_MS) {
    lastStart += HALF_HOUR_MS;
    next.shift();
    next.push({ start: new Date(lastStart).toISOString(), up: 0, down: 0 });
  }
  const bucket = next.find((b) => {
    const start = Date.parse(b.start);
    return at >= start && at < start + HALF_HOUR_MS;
  });
  if (bucket) {
    if (check.status === "up") bucket.up += 1;
    else bucket.down += 1;
  }
  return next;
}

/** The overview of a monitor after a live check result. */
export function applyLiveCheck(
  overview: MonitorOverview,
  check: CheckView,
  status: MonitorStatus,
): MonitorOverview {
  const bars = addCheckToBars(overview.bars, check);
  return {
    ...overview,
    status,
    last_checked_at: check.checked_at,
    last_response_time_ms: check.response_time_ms,
    bars,
    uptime_24h: uptimeOfBars(bars),
  };
}
