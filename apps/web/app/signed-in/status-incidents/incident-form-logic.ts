import {
  type ComponentState,
  INCIDENT_STAGE_LABELS,
  type IncidentStage,
  STATUS_PAGE_LIMITS,
} from "@upwatch/core";
import type { ComponentChange } from "./incidents-api.ts";

/** Which components an incident or update touches, and the state it sets on each. */
export type ComponentSelection = Readonly<Record<string, ComponentState | undefined>>;

/** The state an affected component gets by default at a stage. */
export function defaultStateFor(stage: IncidentStage): ComponentState {
  return stage === "resolved" ? "operational" : "major_outage";
}

/** A selection with the given components affected, each set to `state`. */
export function selectComponents(
  ids: readonly string[],
  state: ComponentState,
): ComponentSelection {
  return Object.fromEntries(ids.map((id) => [id, state]));
}

/** The selection with one component ticked (with `state`) or unticked. */
export function toggleComponent(
  selection: ComponentSelection,
  id: string,
  affected: boolean,
  state: ComponentState,
): ComponentSelection {
  return { ...selection, [id]: affected ? state : undefined };
}

/**
 * Resolving moves every affected component to Operational, and leaving Resolved moves the
 * Operational ones back to Major Outage; between the other stages the states stay as chosen.
 */
export function restage(
  selection: ComponentSelection,
  from: IncidentStage,
  to: IncidentStage,
): ComponentSelection {
  if ((from === "resolved") === (to === "resolved")) return selection;
  return Object.fromEntries(
    Object.entries(selection).map(([id, state]) => [
      id,
      state === undefined ? undefined : to === "resolved" ? "operational" : reopened(state),
    ]),
  );
}

function reopened(state: ComponentState): ComponentState {
  return state === "operational" ? "major_outage" : state;
}

/** The changes to send, in the order the components are listed. */
export function changesOf(
  selection: ComponentSelection,
  order: readonly { id: string }[],
): ComponentChange[] {
  const changes: ComponentChange[] = [];
  for (const { id } of order) {
    const state = selection[id];
    if (state) changes.push({ component_id: id, state });
  }
  return changes;
}

/** Why an incident's title cannot be used, or undefined when it can. */
export function titleProblem(title: string): string | undefined {
  const trimmed = title.trim();
  if (!trimmed) return "Give the incident a title, such as “Checkout is failing”.";
  if (trimmed.length > STATUS_PAGE_LIMITS.incidentTitleChars) {
    return `A title can be at most ${STATUS_PAGE_LIMITS.incidentTitleChars} characters.`;
  }
  return undefined;
}

/** The server's refusal of a title, to show on the title field; undefined when it is about something else. */
export function titleRefusal(status: number, detail: string): string | undefined {
  return status === 400 && /^title\b/i.test(detail) ? detail : undefined;
}

/** Why an update's message cannot be posted, or undefined when it can. */
export function messageProblem(message: string): string | undefined {
  const trimmed = message.trim();
  if (!trimmed) return "Write what visitors should know: what is affected and what you are doing.";
  if (trimmed.length > STATUS_PAGE_LIMITS.updateMessageChars) {
    return `A message can be at most ${STATUS_PAGE_LIMITS.updateMessageChars.toLocaleString("en")} characters.`;
  }
  return undefined;
}

/** "Resolved", "Investigating"... */
export function stageLabel(stage: IncidentStage): string {
  return INCIDENT_STAGE_LABELS[stage];
}

/** How long an incident lasted, in words: "2 h 5 min", "40 min", "under a minute". */
export function durationWords(fromIso: string, toIso: string): string {
  const minutes = Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "under a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days ? `${days} d` : "", hours ? `${hours} h` : "", rest ? `${rest} min` : ""]
    .filter(Boolean)
    .join(" ");
}
