import type { RegionLatencyView } from "@upwatch/api";
import { useId } from "react";
import { formatDateTime, formatMs, formatTime } from "../monitors/format.ts";
import { CHART_FRAME, scaleTop, useWidth } from "./response-chart.tsx";

type Series = RegionLatencyView["regions"][number];
type Point = Series["points"][number];

const { height: HEIGHT, left: LEFT, top: TOP, bottom: BOTTOM } = CHART_FRAME;

function timeOf(point: Point): number {
  return new Date(point.t).getTime();
}

/** An SVG path through the points that have a value; a gap (no checks) breaks the line. */
function linePath(
  points: readonly Point[],
  value: (point: Point) => number | null,
  x: (t: number) => number,
  y: (ms: number) => number,
): string {
  let path = "";
  let drawing = false;
  for (const point of points) {
    const ms = value(point);
    if (ms === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? "L" : "M"}${x(timeOf(point)).toFixed(1)},${y(ms).toFixed(1)} `;
    drawing = true;
  }
  return path.trim();
}

/** Average and 95th-percentile response time of each region over the period, one line each. */
export function RegionLatencyChart({
  series,
  periodWords,
}: {
  series: readonly Series[];
  /** "the last 24 hours", for the chart's title. */
  periodWords: string;
}) {
  const { ref, width: WIDTH } = useWidth(720);
  const titleId = useId();
  const descId = useId();
  const times = series.flatMap((item) => item.points.map(timeOf));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const values = series.flatMap((item) =>
    item.points.flatMap((point) => [point.avg_ms ?? 0, point.p95_ms ?? 0]),
  );
  const max = scaleTop(Math.max(1, ...values));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (t: number) =>
    last > first ? LEFT + ((t - first) / (last - first)) * plotWidth : WIDTH;
  const y = (ms: number) => TOP + plotHeight - (ms / max) * plotHeight;
  return (
    <figure className="response-chart region-chart" ref={ref}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>Response time by region over {periodWords}</title>
        <desc id={descId}>
          {times.length === 0
            ? "No checks in this period yet."
            : `From ${formatDateTime(new Date(first).toISOString())} to ${formatDateTime(
                new Date(last).toISOString(),
              )}, a solid line for each region's average and a dashed one for its 95th percentile. The table below gives each region's figures.`}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction} className="chart-grid">
            <line x1={LEFT} x2={WIDTH} y1={y(max * fraction)} y2={y(max * fraction)} />
            <text x={LEFT - 6} y={y(max * fraction) + 4} textAnchor="end">
              {formatMs(max * fraction)}
            </text>
          </g>
        ))}
        {times.length > 0 ? (
          <g className="chart-grid">
            {last > first ? (
              <text x={LEFT} y={HEIGHT - 6}>
                {formatTime(new Date(first).toISOString())}
              </text>
            ) : null}
            <text x={WIDTH} y={HEIGHT - 6} textAnchor="end">
              {formatTime(new Date(last).toISOString())}
            </text>
          </g>
        ) : null}
        {series.map((item, index) => {
          const points = [...item.points].sort((a, b) => timeOf(a) - timeOf(b));
          const lone = points.filter((point) => point.avg_ms !== null).length === 1;
          return (
            <g key={item.region} className={`region-series region-series-${index % 4}`}>
              <path className="region-line" d={linePath(points, (p) => p.avg_ms, x, y)} />
              <path
                className="region-line region-line-p95"
                d={linePath(points, (p) => p.p95_ms, x, y)}
              />
              {lone
                ? points
                    .filter((point) => point.avg_ms !== null)
                    .map((point) => (
                      <circle
                        key={String(point.t)}
                        className="region-dot"
                        cx={x(timeOf(point))}
                        cy={y(point.avg_ms ?? 0)}
                        r={3}
                      />
                    ))
                : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        {series.map((item, index) => (
          <span key={item.region}>
            <span className={`legend-swatch region-swatch-${index % 4}`} aria-hidden="true" />
            {item.region}
          </span>
        ))}
        <span>Solid: average; dashed: 95th percentile</span>
      </figcaption>
    </figure>
  );
}
