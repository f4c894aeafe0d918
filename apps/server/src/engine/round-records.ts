import type { RegionRule } from "@upwatch/core";
import { applyCheckResult, type HealthRules, type MonitorHealth } from "@upwatch/core";
import type { CheckRecord } from "./result-rows.ts";
import type { ClosedRound, RegionalResult } from "./round-tracker.ts";
import { judgeRound } from "./round-verdict.ts";
import type { MissedCheck } from "./store-results.ts";

/** What a closed round comes to: the monitor's health after it, its rows and its missed checks. */
export interface JudgedRound {
  health: MonitorHealth;
  records: { record: CheckRecord; result: RegionalResult }[];
  missed: MissedCheck[];
}

/**
 * Judges a closed round by the monitor's region rule and applies the health rules to the
 * verdict. Every answer becomes a record with the round's health; the transition rides on one:
 * the first failed region's for went-down, the first up region's for recovered. Silent regions
 * become missed checks (`reasonOf` says why); a round nobody answered leaves health as it was.
 */
export function judgeClosedRound(
  round: ClosedRound,
  monitor: { health: MonitorHealth; rules: HealthRules; rule: RegionRule },
  reasonOf: (region: string) => MissedCheck["reason"],
): JudgedRound {
  const missed: MissedCheck[] = round.missing.map((region) => ({
    monitorId: round.monitorId,
    region,
    plannedAt: round.plannedAt,
    reason: reasonOf(region),
  }));
  const verdict = judgeRound(monitor.rule, round.results);
  if (!verdict) return { health: monitor.health, records: [], missed };
  const { health, transition } = applyCheckResult(monitor.health, !verdict.failed, monitor.rules);
  const carrier =
    transition === "went-down"
      ? verdict.failedRegions[0]
      : transition === "recovered"
        ? round.results.find((result) => result.outcome.status === "up")?.region
        : undefined;
  const records = round.results.map((result) => ({
    result,
    record: {
      monitorId: round.monitorId,
      checkedAt: result.startedAt,
      plannedAt: result.plannedAt,
      region: result.region,
      outcome: result.outcome,
      health,
      transition: result.region === carrier ? transition : undefined,
      failedRegions: verdict.failedRegions,
    } satisfies CheckRecord,
  }));
  return { health, records, missed };
}
