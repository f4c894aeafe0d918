/** Short, readable forms of the figures the monitor screens show. */

import { formatDateTime, formatRelative } from "../ui/format.ts";

export { formatDateTime };

const TIME = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/**
 * Every uptime in the app: "99.95%", "99.9%", "20%", "100%", or an en dash when there were no
 * checks. Rounded down, so 99.999% never shows as 100%, the way the public status pages show it.
 */
export function formatPercent(value: number | null): string {
  if (value === null) return "–";
  return `${Math.floor(value * 100) / 100}%`;
}

export function formatMs(value: number | null): string {
  if (value === null) return "–";
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function formatTime(iso: string): string {
  return TIME.format(new Date(iso));
}

/** "just now", "4 minutes ago"; "never" before the first check. */
export function formatAgo(iso: string | null, now: number = Date.now()): string {
  return iso ? formatRelative(iso, now) : "never";
}

/** "5 minutes", "1 minute", "30 seconds", "1 hour". */
export function formatInterval(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? "1 hour" : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? "1 minute" : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** "23 minutes", "2 h 5 min", for how long an outage lasted. */
export function formatDuration(fromIso: string, toIso: string | null, now = Date.now()): string {
  const end = toIso ? Date.parse(toIso) : now;
  const minutes = Math.max(0, Math.round((end - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
