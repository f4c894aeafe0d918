/** A figure rounded to two decimals, as charts and pages show them. */
export function roundFigure(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}
