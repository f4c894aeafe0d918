/**
 * Where in its interval a monitor runs: a fixed offset from the monitor's id, so monitors
 * spread evenly over their interval and every process (and every restart) agrees on the plan.
 */
export function schedulePhaseMs(monitorId: string, intervalMs: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < monitorId.length; index++) {
    hash ^= monitorId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return Math.floor((hash / 0x1_0000_0000) * intervalMs);
}

/**
 * The first planned run strictly after `after`. Planned runs are `phase + k * interval` on the
 * epoch clock, so the next run follows from the planned time, never from when a run happened.
 */
export function nextPlannedRun(monitorId: string, intervalMs: number, after: number): number {
  const phase = schedulePhaseMs(monitorId, intervalMs);
  const periods = Math.floor((after - phase) / intervalMs) + 1;
  return phase + periods * intervalMs;
}
