import { useId } from "react";
import { useWidth } from "../monitor-detail/response-chart.tsx";
import { formatDateTime, formatTime } from "../monitors/format.ts";
import { linePath, niceTop, summarise } from "./chart-geometry.ts";

/** One line of a chart: its name, its colour class and a value per time (null = no report). */
export interface ChartSeries {
  label: string;
  className: string;
  values: readonly (number | null)[];
}

interface MetricChartProps {
  title: string;
  /** What the vertical axis measures, with its unit ("CPU used, %"). */
  axisLabel: string;
  /** The times of the values, ms since 1970. */
  times: readonly number[];
  from: number;
  to: number;
  series: readonly ChartSeries[];
  format(value: number): string;
  /** A fixed top for the scale (100 for percentages); otherwise from the data. */
  top?: number;
  /** How the top is chosen from the highest value when it is not fixed. */
  scale?(highest: number): number;
  /** How the axis writes its marks, when that differs from `format`. */
  axisFormat?(value: number): string;
}

const HEIGHT = 200;
const LEFT = 64;
const TOP = 10;
const BOTTOM = 26;

/**
 * A line chart of an agent's figure over the chosen range: a title, labelled axes, a legend,
 * and a summary in words for screen readers (latest, average and highest of each line).
 */
export function MetricChart({
  title,
  axisLabel,
  times,
  from,
  to,
  series,
  format,
  top,
  scale = niceTop,
  axisFormat = format,
}: MetricChartProps) {
  const { ref, width } = useWidth(720);
  const titleId = useId();
  const descId = useId();
  const highest = Math.max(0, ...series.flatMap((line) => line.values.map((value) => value ?? 0)));
  const scaleTop = top ?? scale(highest);
  const box = { left: LEFT, top: TOP, width: width - LEFT - 4, height: HEIGHT - TOP - BOTTOM };
  const y = (value: number) => box.top + box.height - (value / scaleTop) * box.height;
  const summary = series
    .map((line) => {
      const sums = summarise(line.values);
      return sums
        ? `${line.label}: latest ${format(sums.latest)}, average ${format(sums.average)}, highest ${format(sums.max)}.`
        : `${line.label}: no reports in this range.`;
    })
    .join(" ");
  return (
    <figure className="agent-chart" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>
          {`From ${formatDateTime(new Date(from).toISOString())} to ${formatDateTime(new Date(to).toISOString())}. ${summary}`}
        </desc>
        <text
          className="agent-chart-axis"
          x={12}
          y={TOP + box.height / 2}
          transform={`rotate(-90 12 ${TOP + box.height / 2})`}
          textAnchor="middle"
        >
          {axisLabel}
        </text>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction} className="chart-grid">
            <line x1={LEFT} x2={width} y1={y(scaleTop * fraction)} y2={y(scaleTop * fraction)} />
            <text x={LEFT - 6} y={y(scaleTop * fraction) + 4} textAnchor="end">
              {axisFormat(scaleTop * fraction)}
            </text>
          </g>
        ))}
        <g className="chart-grid">
          <text x={LEFT} y={HEIGHT - 6}>
            {formatTime(new Date(from).toISOString())}
          </text>
          <text x={width - 4} y={HEIGHT - 6} textAnchor="end">
            {formatTime(new Date(to).toISOString())}
          </text>
        </g>
        {series.map((line) => (
          <path
            key={line.label}
            className={`agent-line ${line.className}`}
            d={linePath(
              times.map((at, index) => ({ at, value: line.values[index] ?? null })),
              { from, to, top: scaleTop },
              box,
            )}
          />
        ))}
      </svg>
      <figcaption className="chart-legend">
        {series.map((line) => (
          <span key={line.label}>
            <span className={`legend-swatch ${line.className}`} aria-hidden="true" />
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
