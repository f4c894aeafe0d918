import { COMPONENT_STATE_LABELS, COMPONENT_STATES, type ComponentState } from "@upwatch/core";
import type { ComponentSelection } from "./incident-form-logic.ts";
import type { StatusComponent } from "./incidents-api.ts";

/**
 * The components an incident or update affects: a box to tick per component and, once
 * ticked, the state it sets. Components show their current state so a person sees what moves.
 */
export function ComponentStatePicker({
  idPrefix,
  components,
  selection,
  defaultState,
  onChange,
}: {
  idPrefix: string;
  components: readonly StatusComponent[];
  selection: ComponentSelection;
  /** The state a newly ticked component gets. */
  defaultState: ComponentState;
  onChange(selection: ComponentSelection): void;
}) {
  if (components.length === 0) {
    return (
      <p className="app-muted">
        This page has no components yet, so the incident will not change any states. Add components
        on the Components tab.
      </p>
    );
  }
  return (
    <fieldset className="app-fieldset status-component-picker">
      <legend>Affected components</legend>
      <p className="field-hint">
        Tick the components this affects and choose the state visitors will see.
      </p>
      <ul className="status-component-choices">
        {components.map((component) => {
          const state = selection[component.id];
          const boxId = `${idPrefix}-component-${component.id}`;
          return (
            <li key={component.id} className="status-component-choice">
              <label className="app-check" htmlFor={boxId}>
                <input
                  id={boxId}
                  type="checkbox"
                  checked={state !== undefined}
                  onChange={(event) =>
                    onChange({
                      ...selection,
                      [component.id]: event.target.checked ? defaultState : undefined,
                    })
                  }
                />
                <span>{component.name}</span>
              </label>
              <span className="app-muted status-component-now">
                Now {COMPONENT_STATE_LABELS[component.state]}
              </span>
              {state !== undefined ? (
                <select
                  aria-label={`State of ${component.name}`}
                  value={state}
                  onChange={(event) =>
                    onChange({
                      ...selection,
                      [component.id]: event.target.value as ComponentState,
                    })
                  }
                >
                  {COMPONENT_STATES.map((option) => (
                    <option key={option} value={option}>
                      {COMPONENT_STATE_LABELS[option]}
                    </option>
                  ))}
                </select>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
