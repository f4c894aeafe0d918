import { histogramPercentile, isRegion } from "@upwatch/core";
import { withinRange } from "../checks/response-range.ts";
import type { ReportMember } from "./report-subject.ts";
import type { RollupSum } from "./rollup-sums.ts";
import type { RegionFigureRow, ResponseFigures } from "./sla-report.ts";

const percent = (part: number, whole: number) =>
  whole ? Math.round((100_000 * part) / whole) / 1000 : null;

/** Several sums added into one: the figures of a whole subject from its monitors. */
export function addSums(sums: readonly RollupSum[]): RollupSum | null {
  if (sums.length === 0) return null;
  const total: RollupSum = { ...sums[0]!, histogram: [...sums[0]!.histogram] };
  for (const sum of sums.slice(1)) {
    total.checks += sum.checks;
    total.up_checks += sum.up_checks;
    total.missed += sum.missed;
    total.response_sum += sum.response_sum;
    total.response_count += sum.response_count;
    total.response_min = either(total.response_min, sum.response_min, Math.min);
    total.response_max = either(total.response_max, sum.response_max, Math.max);
    sum.histogram.forEach((count, index) => {
      total.histogram[index] = (total.histogram[index] ?? 0) + count;
    });
  }
  return total;
}

/** The pick of two bounds, either of which may be unknown. */
function either(a: number | null, b: number | null, pick: (x: number, y: number) => number) {
  if (a === null) return b;
  return b === null ? a : pick(a, b);
}

/**
 * Checks and response times of a sum; percentiles are estimated from the histogram and kept
 * between the fastest and slowest response measured, as the monitor page does.
 */
export function responseFigures(sum: RollupSum | null): ResponseFigures {
  if (!sum) {
    return {
      checks: 0,
      upChecks: 0,
      checksUpPercent: null,
      averageMs: null,
      p50Ms: null,
      p95Ms: null,
      p99Ms: null,
    };
  }
  const range =
    sum.response_min === null || sum.response_max === null
      ? null
      : { min: sum.response_min, max: sum.response_max };
  const at = (fraction: number) => {
    const value = withinRange(histogramPercentile(sum.histogram, fraction), range);
    return value === null ? null : Math.round(value);
  };
  return {
    checks: sum.checks,
    upChecks: sum.up_checks,
    checksUpPercent: percent(sum.up_checks, sum.checks),
    averageMs: sum.response_count ? Math.round(sum.response_sum / sum.response_count) : null,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
  };
}

/** Each monitor's regions, in the members' order and then the monitor's order of regions. */
export function regionRows(
  members: readonly ReportMember[],
  sums: readonly RollupSum[],
): RegionFigureRow[] {
  const rows: RegionFigureRow[] = [];
  for (const member of members) {
    const own = sums.filter((sum) => sum.monitor_id === member.id && isRegion(sum.region));
    const order = (region: string) => {
      const index = member.regions.indexOf(region as never);
      return index === -1 ? member.regions.length : index;
    };
    own.sort((a, b) => order(a.region) - order(b.region) || a.region.localeCompare(b.region));
    for (const sum of own) {
      const figures = responseFigures(sum);
      rows.push({
        memberId: member.id,
        memberName: member.name,
        region: sum.region as RegionFigureRow["region"],
        checks: sum.checks,
        missed: sum.missed,
        uptimePercent: figures.checksUpPercent,
        averageMs: figures.averageMs,
        p50Ms: figures.p50Ms,
        p95Ms: figures.p95Ms,
      });
    }
  }
  return rows;
}
