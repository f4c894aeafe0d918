/** A readable top for a chart's scale: 1, 2 or 5 times a power of ten, at or above `max`. */
export function niceTop(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (max <= step * power) return step * power;
  return 10 * power;
}

/**
 * A readable top for a scale of bytes per second: 1, 2 or 5 times a power of ten of a unit of
 * 1,024, at least 1 KB/s, so the axis marks (0, half, top) never read the same.
 */
export function niceRateTop(max: number): number {
  let unit = 1024;
  while (max > unit * 500 && unit < 1024 ** 5) unit *= 1024;
  return niceTop(Math.max(1, max / unit)) * unit;
}

export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The SVG path of a series: x by time between `from` and `to`, y from 0 to `top`. A missing
 * value breaks the line, so a gap in the reports shows as a gap.
 */
export function linePath(
  points: readonly { at: number; value: number | null }[],
  range: { from: number; to: number; top: number },
  box: PlotBox,
): string {
  const span = Math.max(1, range.to - range.from);
  let path = "";
  let drawing = false;
  for (const point of points) {
    if (point.value === null || !Number.isFinite(point.value)) {
      drawing = false;
      continue;
    }
    const x = box.left + ((point.at - range.from) / span) * box.width;
    const share = Math.min(1, Math.max(0, point.value / range.top));
    const y = box.top + box.height - share * box.height;
    path += `${drawing ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`;
    drawing = true;
  }
  return path;
}

/** The latest, the average and the highest of a series' values, ignoring missing ones. */
export function summarise(values: readonly (number | null)[]) {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return null;
  return {
    latest: known[known.length - 1] as number,
    average: known.reduce((sum, value) => sum + value, 0) / known.length,
    max: Math.max(...known),
  };
}
