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
