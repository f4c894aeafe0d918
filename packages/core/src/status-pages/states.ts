/** A component's states, best first; the order is the severity the page's headline reads. */
export const COMPONENT_STATES = [
  "operational",
  "maintenance",
  "degraded_performance",
  "major_outage",
] as const;
export type ComponentState = (typeof COMPONENT_STATES)[number];

/** How each state is written on the page and in the app. */
export const COMPONENT_STATE_LABELS: Record<ComponentState, string> = {
  operational: "Operational",
  degraded_performance: "Degraded Performance",
  major_outage: "Major Outage",
  maintenance: "Maintenance",
};

/** The stages an incident is told in, in story order; any may be skipped. */
export const INCIDENT_STAGES = ["investigating", "identified", "monitoring", "resolved"] as const;
export type IncidentStage = (typeof INCIDENT_STAGES)[number];

export const INCIDENT_STAGE_LABELS: Record<IncidentStage, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
};

/** The headline a page shows for its worst component state. */
export const PAGE_HEADLINES: Record<ComponentState, string> = {
  operational: "All systems operational",
  maintenance: "Scheduled maintenance in progress",
  degraded_performance: "Some systems have degraded performance",
  major_outage: "Major outage",
};

/**
 * The worst of some states (Major Outage > Degraded Performance > Maintenance > Operational);
 * a page without components is operational.
 * @example worstState(["operational", "major_outage"]) // "major_outage"
 */
export function worstState(states: Iterable<ComponentState>): ComponentState {
  let worst = 0;
  for (const state of states) worst = Math.max(worst, COMPONENT_STATES.indexOf(state));
  return COMPONENT_STATES[worst] ?? "operational";
}

/** A maintenance window as the state rules see it: times in epoch milliseconds. */
export interface MaintenanceWindow {
  startsAt: number;
  endsAt: number;
  cancelled: boolean;
  componentIds: readonly string[];
}

/** Whether a window is under way at `now`: from its start, until (not including) its end. */
export function isWindowActive(window: MaintenanceWindow, now: number): boolean {
  return !window.cancelled && window.startsAt <= now && now < window.endsAt;
}

/**
 * The state a visitor sees: Maintenance while a window covering the component is under way,
 * unless people have set something worse (an outage during maintenance is still an outage);
 * otherwise the state people (or its monitors, when it follows them) set.
 */
export function shownComponentState(
  componentId: string,
  setState: ComponentState,
  windows: readonly MaintenanceWindow[],
  now: number,
): ComponentState {
  const inMaintenance = windows.some(
    (window) => isWindowActive(window, now) && window.componentIds.includes(componentId),
  );
  if (!inMaintenance) return setState;
  return worstState([setState, "maintenance"]);
}

/**
 * The next moment a window starts or ends after `now`: a page's shown states change then even
 * though nobody edits anything, so a cached page must not outlive it.
 */
export function nextWindowBoundary(
  windows: readonly MaintenanceWindow[],
  now: number,
): number | undefined {
  let next: number | undefined;
  for (const window of windows) {
    if (window.cancelled) continue;
    for (const at of [window.startsAt, window.endsAt]) {
      if (at > now && (next === undefined || at < next)) next = at;
    }
  }
  return next;
}

/**
 * The state a component following its monitors takes: Major Outage while any of them is down,
 * Operational once none is; undefined (leave it as it is) when no monitor has a verdict yet.
 */
export function followedState(
  monitorStates: readonly ("up" | "down" | "unknown" | "paused")[],
): ComponentState | undefined {
  if (monitorStates.some((state) => state === "down")) return "major_outage";
  if (monitorStates.some((state) => state === "up")) return "operational";
  return undefined;
}

/**
 * The state the app suggests from the linked monitors: Major Outage when all are down,
 * Degraded Performance when some are, Operational when none is.
 */
export function suggestedState(
  monitorStates: readonly ("up" | "down" | "unknown" | "paused")[],
): ComponentState | undefined {
  const judged = monitorStates.filter((state) => state === "up" || state === "down");
  if (judged.length === 0) return undefined;
  const down = judged.filter((state) => state === "down").length;
  if (down === 0) return "operational";
  return down === judged.length ? "major_outage" : "degraded_performance";
}
