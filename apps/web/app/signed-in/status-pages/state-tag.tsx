import type { ComponentState } from "@upwatch/core";
import { STATE_TONES, stateLabel } from "./state-display.ts";

/** A component's or page's state as a tag: its words, and a colour that is never alone. */
export function StateTag({ state }: { state: ComponentState }) {
  return (
    <span className="app-tag state-tag" data-tone={STATE_TONES[state]} data-state={state}>
      {stateLabel(state)}
    </span>
  );
}
