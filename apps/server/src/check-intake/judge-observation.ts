import {
  applyCheckResult,
  type CheckOutcome,
  type HealthRules,
  type MonitorHealth,
  type RegionRule,
} from "@upwatch/core";
import type { CheckRecord } from "./check-record.ts";
import { judgeRound } from "./round-verdict.ts";
import type { MissedCheck } from "./store-checks.ts";

/** What one region found when it checked a monitor. */
export interface Sighting {
  region: string;
  checkedAt: number;
  outcome: CheckOutcome;
}

/**
 * One planned check of a monitor, from any source: a round of regions, an agent's task, a
 * heartbeat's ping or its missed deadline (the last three are rounds of one region).
 */
export interface Observation {
  monitorId: string;
  plannedAt: number;
  /** The regions that answered, in the order they answered. */
  sightings: readonly Sighting[];
  /** The regions that did not answer in time, and why. */
  missing?: readonly { region: string; reason: MissedCheck["reason"] }[];
}

/** How a monitor stands before an observation: its health and the rules that move it. */
export interface MonitorStanding {
  health: MonitorHealth;
  rules: HealthRules;
  /** How many failed regions fail a round; a one-region source fails when its region does. */
  rule: RegionRule;
}

/** What an observation comes to: the monitor's health after it, its records, its missed checks. */
export interface JudgedObservation {
  health: MonitorHealth;
  /** One record per sighting, in the sightings' order. */
  records: CheckRecord[];
  missed: MissedCheck[];
}

/**
 * Judges an observation by the monitor's region rule and applies the health rules to the
 * verdict. Every sighting becomes a record with the new health; the transition rides on one:
 * the first failed region's for went-down, the first up region's for recovered. Silent regions
 * become missed checks; an observation nobody answered leaves health as it was.
 */
export function judgeObservation(
  observation: Observation,
  standing: MonitorStanding,
): JudgedObservation {
  const { monitorId, plannedAt, sightings } = observation;
  const missed: MissedCheck[] = (observation.missing ?? []).map(({ region, reason }) => ({
    monitorId,
    region,
    plannedAt,
    reason,
  }));
  const verdict = judgeRound(standing.rule, sightings);
  if (!verdict) return { health: standing.health, records: [], missed };
  const { health, transition } = applyCheckResult(standing.health, !verdict.failed, standing.rules);
  const carrier =
    transition === "went-down"
      ? verdict.failedRegions[0]
      : transition === "recovered"
        ? sightings.find((sighting) => sighting.outcome.status === "up")?.region
        : undefined;
  const records = sightings.map(
    (sighting): CheckRecord => ({
      monitorId,
      checkedAt: sighting.checkedAt,
      plannedAt,
      region: sighting.region,
      outcome: sighting.outcome,
      health,
      transition: sighting.region === carrier ? transition : undefined,
      failedRegions: verdict.failedRegions,
    }),
  );
  return { health, records, missed };
}

/** The records of a check kept as history only: the monitor's health stays as it was. */
export function historyOf(observation: Observation, health: MonitorHealth): CheckRecord[] {
  const failedRegions = observation.sightings
    .filter((sighting) => sighting.outcome.status !== "up")
    .map((sighting) => sighting.region);
  return observation.sightings.map((sighting) => ({
    monitorId: observation.monitorId,
    checkedAt: sighting.checkedAt,
    plannedAt: observation.plannedAt,
    region: sighting.region,
    outcome: sighting.outcome,
    health,
    transition: undefined,
    failedRegions,
  }));
}
