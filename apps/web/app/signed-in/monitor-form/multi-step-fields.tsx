import { MULTI_STEP_LIMITS } from "@upwatch/core";
import type { FormPartProps } from "./form-props.ts";
import { StepEditor } from "./step-editor.tsx";
import { newStep, type StepProblem, type StepRow } from "./step-values.ts";
import { VariablesEditor } from "./variables-editor.tsx";

/** Renames a step and keeps the steps that depend on it pointing at it. */
function renameStep(steps: readonly StepRow[], index: number, name: string): StepRow[] {
  const old = steps[index]?.name ?? "";
  return steps.map((step, i) =>
    i === index
      ? { ...step, name }
      : step.depends_on.includes(old) && old !== ""
        ? { ...step, depends_on: step.depends_on.map((n) => (n === old ? name : n)) }
        : step,
  );
}

/** Keeps each step's dependencies on steps still before it, since only earlier ones may be named. */
function dropLaterDependencies(steps: readonly StepRow[]): StepRow[] {
  return steps.map((step, index) => {
    const earlier = new Set(steps.slice(0, index).map((s) => s.name));
    const kept = step.depends_on.filter((name) => earlier.has(name));
    return kept.length === step.depends_on.length ? step : { ...step, depends_on: kept };
  });
}

/** A multi-step check's variables and its steps, added, removed and reordered in place. */
export function MultiStepFields({
  values,
  set,
  errors,
  stepProblems,
}: FormPartProps & { stepProblems: readonly (StepProblem | undefined)[] }) {
  const steps = values.steps;
  const setSteps = (next: StepRow[]) => set("steps", next);
  const update = (index: number, patch: Partial<StepRow>) => {
    const renamed = patch.name !== undefined ? renameStep(steps, index, patch.name) : [...steps];
    setSteps(renamed.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= steps.length) return;
    const next = [...steps];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(target, 0, moved);
    setSteps(dropLaterDependencies(next));
  };
  const remove = (index: number) => {
    const gone = steps[index]?.name;
    setSteps(
      steps
        .filter((_, i) => i !== index)
        .map((step) =>
          gone && step.depends_on.includes(gone)
            ? { ...step, depends_on: step.depends_on.filter((n) => n !== gone) }
            : step,
        ),
    );
  };
  return (
    <>
      <h3 className="form-subheading">Variables</h3>
      <VariablesEditor
        rows={values.variables}
        onChange={(rows) => set("variables", rows)}
        error={errors.variables}
      />
      <h3 className="form-subheading">Steps</h3>
      <p className="field-hint">
        Steps run from top to bottom; the run stops at the first failing step unless a step depends
        on a failure or on completion.
      </p>
      {errors.steps ? (
        <p className="field-error" role="alert">
          {errors.steps}
        </p>
      ) : null}
      <ol className="step-list">
        {steps.map((step, index) => (
          <StepEditor
            key={step.key}
            step={step}
            position={index + 1}
            count={steps.length}
            earlier={steps
              .slice(0, index)
              .map((s) => s.name.trim())
              .filter(Boolean)}
            problem={stepProblems[index]}
            update={(patch) => update(index, patch)}
            move={(by) => move(index, by)}
            remove={() => remove(index)}
          />
        ))}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        disabled={steps.length >= MULTI_STEP_LIMITS.maxSteps}
        onClick={() => setSteps([...steps, newStep("http_request", steps.length + 1)])}
      >
        Add step
      </button>
    </>
  );
}
