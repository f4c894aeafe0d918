import type { StatsRange } from "@upwatch/core";
import { uptimePercent } from "../services/checks/uptime-figures.ts";
import type { BadgeKind } from "../services/monitor-badges/badge-urls.ts";
import type { PublicBadgeSubject } from "../services/monitor-badges/read-public-badge.ts";
import { BADGE_COLOURS, type BadgeParts } from "./render-badge.ts";

type Face = Pick<BadgeParts, "value" | "colour">;

const STATUS_FACES: Record<PublicBadgeSubject["status"], Face> = {
  up: { value: "up", colour: BADGE_COLOURS.good },
  down: { value: "down", colour: BADGE_COLOURS.bad },
  paused: { value: "paused", colour: BADGE_COLOURS.neutral },
  pending: { value: "pending", colour: BADGE_COLOURS.neutral },
};

/** What each badge says on its left when the address names no label. */
export const DEFAULT_BADGE_LABELS: Record<BadgeKind, string> = {
  status: "status",
  uptime_24h: "uptime 24h",
  uptime_7d: "uptime 7d",
  uptime_30d: "uptime 30d",
  response_time: "response time",
};

const NO_DATA: Face = { value: "no data", colour: BADGE_COLOURS.neutral };

/** Uptime with two decimals, cut rather than rounded so 99.999% never reads as 100%. */
function uptimeFace(subject: PublicBadgeSubject, range: StatsRange): Face {
  const percent = subject.figures ? uptimePercent(subject.figures.checks[range]) : null;
  if (percent === null) return NO_DATA;
  const shown = Math.floor(percent * 100) / 100;
  const value = `${Number.isInteger(shown) ? shown : shown.toFixed(2)}%`;
  if (percent >= 99.9) return { value, colour: BADGE_COLOURS.good };
  if (percent >= 99) return { value, colour: BADGE_COLOURS.fair };
  if (percent >= 95) return { value, colour: BADGE_COLOURS.warning };
  return { value, colour: BADGE_COLOURS.bad };
}

function responseFace(subject: PublicBadgeSubject): Face {
  const ms = subject.figures?.averageResponseMs24h ?? null;
  if (ms === null) return NO_DATA;
  const value = ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
  if (ms < 300) return { value, colour: BADGE_COLOURS.good };
  if (ms < 1000) return { value, colour: BADGE_COLOURS.fair };
  if (ms < 3000) return { value, colour: BADGE_COLOURS.warning };
  return { value, colour: BADGE_COLOURS.bad };
}

/** The value and colour a badge of `kind` shows for its monitor. */
export function badgeFace(kind: BadgeKind, subject: PublicBadgeSubject): Face {
  switch (kind) {
    case "status":
      return STATUS_FACES[subject.status];
    case "uptime_24h":
      return uptimeFace(subject, "24h");
    case "uptime_7d":
      return uptimeFace(subject, "7d");
    case "uptime_30d":
      return uptimeFace(subject, "30d");
    case "response_time":
      return responseFace(subject);
  }
}
