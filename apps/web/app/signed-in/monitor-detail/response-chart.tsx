import type { CheckView } from "@upwatch/api";
import { useEffect, useId, useRef, useState } from "react";
import { formatDateTime, formatMs, formatTime } from "../monitors/format.ts";

const PHASES = [
  { key: "dns_ms", label: "DNS", className: "phase-dns" },
  { key: "connect_ms", label: "Connect", className: "phase-connect" },
  { key: "tls_ms", label: "TLS", className: "phase-tls" },
  { key: "first_byte_ms", label: "First byte", className: "phase-first-byte" },
] as const;

/** The plot's frame, shared by the charts of the monitor page. */
export const CHART_FRAME = { height: 236, left: 56, top: 10, bottom: 26 } as const;
const { height: HEIGHT, left: LEFT, top: TOP, bottom: BOTTOM } = CHART_FRAME;

/** The width two time labels need so the first check's time does not run into the last one's. */
const TIME_LABEL_ROOM = 140;

/** The chart's drawn width in CSS pixels, so its text keeps its size on a phone too. */
export function useWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Rounds the largest time up to a readable scale top: 50, 100, 200, 500, 1,000 ms ... */
export function scaleTop(max: number): number {
  for (const step of [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 60000]) {
    if (max <= step) return step;
  }
  return Math.ceil(max / 10000) * 10000;
}

interface Segment {
  className: string;
  ms: number;
}

/** The stacked parts of one check: each phase, then the rest of the response time. */
function segments(check: CheckView): Segment[] {
  const total = check.response_time_ms ?? 0;
  if (!check.timings) return [{ className: "phase-total", ms: total }];
  const parts: Segment[] = [];
  let sum = 0;
  for (const phase of PHASES) {
    const ms = check.timings[phase.key] ?? 0;
    parts.push({ className: phase.className, ms });
    sum += ms;
  }
  parts.push({ className: "phase-rest", ms: Math.max(0, total - sum) });
  return parts;
}

/**
 * Response times of the recent checks, oldest on the left, with the phases stacked. A multi-step
 * check's bars are whole runs: its phases belong to its steps.
 */
export function ResponseChart({
  checks,
  wholeRuns = false,
  heartbeat = false,
}: {
  checks: readonly CheckView[];
  wholeRuns?: boolean;
  /** A heartbeat's bars are run times, from a start ping to the finish. */
  heartbeat?: boolean;
}) {
  const { ref, width: WIDTH } = useWidth(720);
  const titleId = useId();
  const descId = useId();
  const ordered = [...checks].reverse();
  const withPhases = !wholeRuns && ordered.some((check) => check.timings !== null);
  const max = scaleTop(Math.max(1, ...ordered.map((check) => check.response_time_ms ?? 0)));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  // Newest on the right; a few checks keep a bar's width instead of filling the chart.
  const slots = Math.max(ordered.length, 30);
  const slot = plotWidth / slots;
  const barWidth = Math.max(1, Math.min(18, slot * 0.7));
  const y = (ms: number) => TOP + plotHeight - (ms / max) * plotHeight;
  const down = ordered.filter((check) => check.status === "down").length;
  const times = ordered.map((c) => c.response_time_ms).filter((ms): ms is number => ms !== null);
  const average = times.length ? times.reduce((a, b) => a + b, 0) / times.length : null;
  return (
    <figure className="response-chart" ref={ref}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>
          Response time of the last {ordered.length === 1 ? "check" : `${ordered.length} checks`}
        </title>
        <desc id={descId}>
          {ordered.length === 0
            ? "No checks yet."
            : `From ${formatDateTime(ordered[0]!.checked_at)} to ${formatDateTime(
                ordered[ordered.length - 1]!.checked_at,
              )}: average ${formatMs(average)}, ${down} failed. ${
                wholeRuns
                  ? "Each bar is one run of all the steps; the runs above show each step's time."
                  : heartbeat
                    ? "Each bar is a job's run time, from its start ping to its finish."
                    : withPhases
                      ? "Each bar stacks DNS, connect, TLS and first byte, then the rest."
                      : "Per-phase timings are not part of this plan."
              } The table below lists every check.`}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction} className="chart-grid">
            <line x1={LEFT} x2={WIDTH} y1={y(max * fraction)} y2={y(max * fraction)} />
            <text x={LEFT - 6} y={y(max * fraction) + 4} textAnchor="end">
              {formatMs(max * fraction)}
            </text>
          </g>
        ))}
        {ordered.length > 0 ? (
          <g className="chart-grid">
            {ordered.length * slot >= TIME_LABEL_ROOM ? (
              <text x={LEFT + (slots - ordered.length) * slot} y={HEIGHT - 6}>
                {formatTime(ordered[0]!.checked_at)}
              </text>
            ) : null}
            <text x={WIDTH} y={HEIGHT - 6} textAnchor="end">
              {formatTime(ordered[ordered.length - 1]!.checked_at)}
            </text>
          </g>
        ) : null}
        {ordered.map((check, index) => {
          const x = LEFT + (slots - ordered.length + index) * slot + (slot - barWidth) / 2;
          if (check.status === "down") {
            return (
              <rect
                key={check.id}
                className="phase-down"
                x={x}
                y={TOP}
                width={barWidth}
                height={plotHeight}
              />
            );
          }
          let top = TOP + plotHeight;
          return (
            <g key={check.id}>
              {segments(check).map((part) => {
                const height = (part.ms / max) * plotHeight;
                top -= height;
                return (
                  <rect
                    key={part.className}
                    className={part.className}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={height}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        {withPhases ? (
          [...PHASES, { label: "Rest", className: "phase-rest" }].map((phase) => (
            <span key={phase.className}>
              <span className={`legend-swatch ${phase.className}`} aria-hidden="true" />
              {phase.label}
            </span>
          ))
        ) : (
          <span>
            <span className="legend-swatch phase-total" aria-hidden="true" />
            {heartbeat ? "Run time" : "Response time"}
          </span>
        )}
        <span>
          <span className="legend-swatch phase-down" aria-hidden="true" />
          Failed check
        </span>
      </figcaption>
    </figure>
  );
}

export { PHASES };
