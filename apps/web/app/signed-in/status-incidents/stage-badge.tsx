import { COMPONENT_STATE_LABELS, type ComponentState, type IncidentStage } from "@upwatch/core";
import { stageLabel } from "./incident-form-logic.ts";

/** An incident's stage as a word with its colour. */
export function StageBadge({ stage }: { stage: IncidentStage }) {
  return <span className={`status-stage status-stage-${stage}`}>{stageLabel(stage)}</span>;
}

/** A component's state as a word with its colour. */
export function StateBadge({ state }: { state: ComponentState }) {
  return (
    <span className={`status-state status-state-${state}`}>{COMPONENT_STATE_LABELS[state]}</span>
  );
}

/** "API: Major Outage, Web: Operational" as a list of badges. */
export function ComponentStates({
  components,
}: {
  components: readonly { component_id: string; name: string; state: ComponentState }[];
}) {
  if (components.length === 0) return null;
  return (
    <ul className="status-component-states">
      {components.map((component) => (
        <li key={component.component_id}>
          {component.name}: <StateBadge state={component.state} />
        </li>
      ))}
    </ul>
  );
}
