import { COMPONENT_STATES, type ComponentState } from "@upwatch/core";
import { useId, useState } from "react";
import { StatusBadge } from "../monitors/status-badge.tsx";
import { Button } from "../ui/button.tsx";
import { ComponentForm } from "./component-form.tsx";
import { stateLabel, stateToSuggest } from "./state-display.ts";
import { StateTag } from "./state-tag.tsx";
import type { ComponentFields, StatusComponent, StatusSection } from "./status-pages-api.ts";

interface ComponentCardProps {
  component: StatusComponent;
  sections: readonly StatusSection[];
  busy: boolean;
  isFirst: boolean;
  isLast: boolean;
  /** h4 under a section's heading, h3 otherwise. */
  headingLevel: 3 | 4;
  /** A quick change (state): its outcome is announced. */
  onChange(fields: ComponentFields, done: string): Promise<boolean>;
  /** The edit form's change: a refusal is thrown for the form to show. */
  onSave(fields: ComponentFields): Promise<void>;
  onMove(offset: -1 | 1): void;
  onDelete(): void;
}

/** One component: what visitors see, its monitors, the state people set, and its actions. */
export function ComponentCard(props: ComponentCardProps) {
  const { component, busy } = props;
  const [editing, setEditing] = useState(false);
  const stateId = useId();
  const name = component.name;
  const suggested = stateToSuggest(component);
  const Heading = props.headingLevel === 3 ? "h3" : "h4";

  if (editing) {
    return (
      <li className="status-component" data-component={name}>
        <Heading className="visually-hidden">Edit {name}</Heading>
        <ComponentForm
          component={component}
          sections={props.sections}
          submitLabel="Save component"
          onSubmit={async (fields) => {
            await props.onSave(fields);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="status-component" data-component={name}>
      <div className="status-component-head">
        <Heading>{name}</Heading>
        <span>
          <span className="visually-hidden">Visitors see </span>
          <StateTag state={component.shown_state} />
        </span>
      </div>
      {component.description ? <p>{component.description}</p> : null}
      {component.shown_state !== component.state ? (
        <p className="app-muted">
          Set to {stateLabel(component.state)}; shown as {stateLabel(component.shown_state)} while a
          maintenance window covers it.
        </p>
      ) : null}
      <LinkedMonitors component={component} />
      {suggested ? (
        <p>
          Its monitors suggest <strong>{stateLabel(suggested)}</strong>.{" "}
          <Button
            variant="ghost"
            size="small"
            disabled={busy}
            aria-label={`Use suggested state for ${name}: ${stateLabel(suggested)}`}
            onClick={() =>
              void props.onChange({ state: suggested }, `${name} is now ${stateLabel(suggested)}.`)
            }
          >
            Use suggested state
          </Button>
        </p>
      ) : null}
      <div className="status-component-controls">
        <label htmlFor={stateId}>State</label>
        <select
          id={stateId}
          aria-label={`State of ${name}`}
          value={component.state}
          disabled={busy}
          onChange={(event) => {
            const state = event.target.value as ComponentState;
            void props.onChange({ state }, `${name} is now ${stateLabel(state)}.`);
          }}
        >
          {COMPONENT_STATES.map((state) => (
            <option key={state} value={state}>
              {stateLabel(state)}
            </option>
          ))}
        </select>
        <Button
          variant="ghost"
          size="small"
          onClick={() => setEditing(true)}
          aria-label={`Edit ${name}`}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={busy || props.isFirst}
          onClick={() => props.onMove(-1)}
          aria-label={`Move up: ${name}`}
        >
          Move up
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={busy || props.isLast}
          onClick={() => props.onMove(1)}
          aria-label={`Move down: ${name}`}
        >
          Move down
        </Button>
        <Button variant="ghost" size="small" onClick={props.onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

function LinkedMonitors({ component }: { component: StatusComponent }) {
  if (component.monitors.length === 0) {
    return <p className="app-muted">No linked monitors: its state is set by hand only.</p>;
  }
  return (
    <div>
      <p className="app-muted">
        {component.follow_monitors
          ? "Follows its monitors: Major Outage when one goes down, Operational when all are up."
          : "Linked monitors (they suggest a state; people set it):"}
      </p>
      <ul className="app-inline-list">
        {component.monitors.map((monitor) => (
          <li key={monitor.id}>
            {monitor.name} <StatusBadge status={monitor.status} />
          </li>
        ))}
      </ul>
    </div>
  );
}
