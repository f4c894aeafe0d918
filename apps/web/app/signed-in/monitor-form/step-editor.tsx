import { DEPENDENCY_TYPES, type DependencyType, STEP_TYPES, type StepType } from "@upwatch/core";
import { Field } from "./field.tsx";
import { StepConfigFields } from "./step-config-fields.tsx";
import type { StepProblem, StepRow } from "./step-values.ts";

const STEP_TYPE_NAMES: Record<StepType, string> = {
  http_request: "HTTP request",
  extract: "Extract a value",
  assertion: "Assertion",
  wait: "Wait",
  script: "Script",
};

const DEPENDENCY_NAMES: Record<DependencyType, string> = {
  success: "Only if they succeeded",
  failure: "Only if one of them failed",
  completion: "Once they finished, whatever the result",
};

/** One step as a card: its name, type, the type's fields, dependencies and moves. */
export function StepEditor({
  step,
  position,
  count,
  earlier,
  problem,
  update,
  move,
  remove,
}: {
  step: StepRow;
  /** From 1. */
  position: number;
  count: number;
  /** The names of the steps before it, which it may depend on. */
  earlier: readonly string[];
  problem: StepProblem | undefined;
  update: (patch: Partial<StepRow>) => void;
  move: (by: -1 | 1) => void;
  remove: () => void;
}) {
  const id = step.key;
  const problemId = `${id}-problem`;
  const toggle = (name: string, on: boolean) =>
    update({
      depends_on: on
        ? earlier.filter((n) => n === name || step.depends_on.includes(n))
        : step.depends_on.filter((n) => n !== name),
    });
  return (
    <li>
      <fieldset
        className="step-card"
        aria-label={`Step ${position}: ${step.name}`}
        aria-describedby={problem ? problemId : undefined}
        data-invalid={problem ? true : undefined}
      >
        <div className="step-card-head">
          <h3>
            Step {position}: {step.name || "(unnamed)"}
          </h3>
          <div className="step-card-actions">
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={position === 1}
              onClick={() => move(-1)}
            >
              Move up
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={position === count}
              onClick={() => move(1)}
            >
              Move down
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={count === 1}
              onClick={remove}
            >
              Remove step
            </button>
          </div>
        </div>
        {problem && problem.field === null ? (
          <p id={problemId} className="field-error">
            {problem.message}
          </p>
        ) : null}
        <div className="field-row">
          <Field
            id={`${id}-name`}
            label="Step name"
            hint="Unique in this check; other steps refer to it by name."
            error={problem?.field === "name" ? problem.message : undefined}
          >
            <input
              value={step.name}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(e) => update({ name: e.target.value })}
            />
          </Field>
          <Field id={`${id}-type`} label="Step type">
            <select
              value={step.type}
              onChange={(e) => update({ type: e.target.value as StepType })}
            >
              {STEP_TYPES.map((type) => (
                <option key={type} value={type}>
                  {STEP_TYPE_NAMES[type]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <StepConfigFields step={step} update={update} problem={problem} />
        {earlier.length > 0 ? (
          <>
            <fieldset className="depends-on-options">
              <legend>Depends on</legend>
              {earlier.map((name) => (
                <label key={name} className="checkbox-field">
                  <input
                    type="checkbox"
                    checked={step.depends_on.includes(name)}
                    onChange={(e) => toggle(name, e.target.checked)}
                  />
                  {name}
                </label>
              ))}
            </fieldset>
            {problem?.field === "depends_on" ? (
              <p className="field-error">{problem.message}</p>
            ) : null}
            {step.depends_on.length > 0 ? (
              <Field id={`${id}-dependency-type`} label="Dependency type">
                <select
                  value={step.dependency_type}
                  onChange={(e) => update({ dependency_type: e.target.value as DependencyType })}
                >
                  {DEPENDENCY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {DEPENDENCY_NAMES[type]}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
          </>
        ) : null}
      </fieldset>
    </li>
  );
}
