import type { UptimeBucket } from "@upwatch/api";
import { formatPercent, formatTime } from "./format.ts";

function bucketClass(bucket: UptimeBucket): string {
  if (bucket.up + bucket.down === 0) return "bar bar-none";
  if (bucket.down === 0) return "bar bar-up";
  return bucket.up === 0 ? "bar bar-down" : "bar bar-partial";
}

function bucketLabel(bucket: UptimeBucket): string {
  const total = bucket.up + bucket.down;
  if (total === 0) return `${formatTime(bucket.start)}: no checks`;
  if (bucket.down === 0) return `${formatTime(bucket.start)}: ${total} checks, all up`;
  return `${formatTime(bucket.start)}: ${bucket.down} of ${total} checks failed`;
}

/** One day of checks as 48 half-hour bars, summarised for screen readers in one sentence. */
export function UptimeBars({
  bars,
  uptime,
  label,
}: {
  bars: readonly UptimeBucket[];
  uptime: number | null;
  label: string;
}) {
  const failing = bars.filter((bucket) => bucket.down > 0).length;
  const summary =
    uptime === null
      ? `${label}: no checks in the last 24 hours`
      : `${label}: ${formatPercent(uptime)} up over the last 24 hours${
          failing ? `, failures in ${failing} of 48 half-hours` : ""
        }`;
  return (
    <svg
      className="uptime-bars"
      viewBox={`0 0 ${bars.length * 6} 24`}
      preserveAspectRatio="none"
      role="img"
      aria-label={summary}
    >
      {bars.map((bucket, index) => (
        <rect
          key={bucket.start}
          className={bucketClass(bucket)}
          x={index * 6 + 0.75}
          y={0}
          width={4.5}
          height={24}
          rx={1.2}
        >
          <title>{bucketLabel(bucket)}</title>
        </rect>
      ))}
    </svg>
  );
}
