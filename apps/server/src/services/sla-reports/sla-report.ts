import type { Region } from "@upwatch/core";
import type { Interval } from "./intervals.ts";

/** What a report can be about. */
export const SLA_SUBJECT_TYPES = ["monitor", "group", "agent", "status_page"] as const;
export type SlaSubjectType = (typeof SLA_SUBJECT_TYPES)[number];

/** The uptime objective when none is chosen. */
export const DEFAULT_SLA_TARGET = 99.9;

/** What to report on, over which period (`to` exclusive, in epoch ms), against which target. */
export interface SlaReportRequest {
  subject: { type: SlaSubjectType; id: string };
  from: number;
  to: number;
  targetPercent: number;
  /** `2026-11` when the period is that calendar month. */
  month?: string | null;
}

/** Uptime, downtime and its budget for a member or for the whole subject. */
export interface SlaFigures {
  /** Minutes measured: the period (until now, and from the member's creation) less maintenance. */
  measuredMinutes: number;
  /** Minutes of maintenance windows inside the period, left out of every other figure. */
  maintenanceMinutes: number;
  downtimeMinutes: number;
  uptimePercent: number | null;
  /** Downtime the target allows over the measured minutes. */
  allowedDowntimeMinutes: number;
  /** Allowed minus actual downtime; below zero when the target was missed. */
  budgetLeftMinutes: number;
  targetMet: boolean | null;
  outages: number;
  /** Mean time to recover: the average counted length of the outages that ended. */
  mttrMinutes: number | null;
  /** Mean time between failures: minutes up divided by the number of outages. */
  mtbfMinutes: number | null;
}

/** Response times and check counts from the rollups. */
export interface ResponseFigures {
  checks: number;
  upChecks: number;
  /** Share of checks that were up: the figure the monitor page's uptime shows. */
  checksUpPercent: number | null;
  averageMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

/** One region's checks of a monitor over the period. */
export interface RegionFigureRow {
  memberId: string;
  memberName: string;
  region: Region;
  checks: number;
  missed: number;
  uptimePercent: number | null;
  averageMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** One down period of a member, as far as it fell inside the period. */
export interface SlaOutage {
  memberId: string;
  memberName: string;
  startedAt: number;
  /** Null while it goes on. */
  endedAt: number | null;
  /** Its whole length until it ended (or until now), in minutes, as the monitor page says it. */
  durationMinutes: number;
  /** The minutes of it counted as downtime: inside the period and outside maintenance. */
  countedMinutes: number;
  cause: string;
}

/** A maintenance window that covered a member during the period. */
export interface SlaMaintenanceWindow {
  memberId: string;
  memberName: string;
  title: string;
  startsAt: number;
  endsAt: number;
}

/** A monitor or an agent of the subject with its own figures. */
export interface SlaMember {
  id: string;
  name: string;
  kind: "monitor" | "agent";
  figures: SlaFigures;
  /** Null for an agent: it has no checks of its own. */
  response: ResponseFigures | null;
}

/** One day of the period, for the report's chart. */
export interface SlaDay {
  start: number;
  uptimePercent: number | null;
  downtimeMinutes: number;
}

/** An SLA report: the whole subject, each member, the outages, the maintenance, the days. */
export interface SlaReport {
  subject: { type: SlaSubjectType; id: string; name: string };
  from: number;
  /** The end of the period as asked. */
  to: number;
  /** Where measuring stopped: the period's end, or now for a period still running. */
  measuredUntil: number;
  timeZone: string;
  month: string | null;
  generatedAt: number;
  targetPercent: number;
  whole: SlaFigures;
  response: ResponseFigures | null;
  members: SlaMember[];
  outages: SlaOutage[];
  maintenance: SlaMaintenanceWindow[];
  regions: RegionFigureRow[];
  days: SlaDay[];
}

/** What a member brings to the figures: when it was measured, its outages and maintenance. */
export interface MemberTimeline {
  span: Interval;
  outages: Interval[];
  maintenance: Interval[];
}
