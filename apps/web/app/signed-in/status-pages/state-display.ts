import { COMPONENT_STATE_LABELS, type ComponentState } from "@upwatch/core";

/** How a state is drawn: a tone for its tag, beside its words so colour is never alone. */
export const STATE_TONES: Record<ComponentState, "success" | "info" | "warn" | "danger"> = {
  operational: "success",
  maintenance: "info",
  degraded_performance: "warn",
  major_outage: "danger",
};

export function stateLabel(state: ComponentState): string {
  return COMPONENT_STATE_LABELS[state];
}

/**
 * The state to offer a person from the linked monitors, or null. A component that follows its
 * monitors is set by them already, by a rule of its own; offering another state would contradict it.
 */
export function stateToSuggest(component: {
  state: ComponentState;
  suggested_state: ComponentState | null;
  follow_monitors: boolean;
}): ComponentState | null {
  const suggested = component.suggested_state;
  if (component.follow_monitors || !suggested || suggested === component.state) return null;
  return suggested;
}
