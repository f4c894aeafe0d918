import type { MultiStep } from "@upwatch/core";
import { MultiStepFields } from "../multi-step-fields.tsx";
import { clientStepProblems, serverStepProblem, variablesProblem } from "../step-problems.ts";
import {
  type NameValueRow,
  newStep,
  type StepRow,
  stepPayload,
  stepRowFromStep,
  variablesPayload,
} from "../step-values.ts";
import type { FormErrors } from "../validate-monitor-form.ts";
import type { CheckTypeForm, TypeSectionProps } from "./check-type-form.ts";

/** A multi-step check's variables and steps, as the editor holds them. */
export interface MultiStepValues {
  /** Its variables, in the order they were added. */
  variables: NameValueRow[];
  /** Its steps, in run order. */
  steps: StepRow[];
}

/** The steps with the problems the form found, or the server's refusal on the step it names. */
function MultiStepSection({ values, set, errors, check, serverError, revealed }: TypeSectionProps) {
  const serverStep = serverError ? serverStepProblem(serverError, values.steps) : null;
  const stepsShown = revealed("steps");
  const stepProblems = values.steps.map((_, index) =>
    serverStep?.index === index
      ? serverStep.problem
      : stepsShown
        ? check.stepProblems[index]
        : undefined,
  );
  // A refusal about the variables (`variables.password: ...`) is shown under them too.
  const variablesRefusal = serverError?.startsWith("variables.") ? serverError : undefined;
  return (
    <MultiStepFields
      values={values}
      set={set}
      errors={variablesRefusal ? { ...errors, variables: variablesRefusal } : errors}
      stepProblems={stepProblems}
    />
  );
}

/** A saved check's steps in run order, as editor rows. */
function stepRows(options: Record<string, unknown>): StepRow[] {
  const steps = Array.isArray(options.steps) ? (options.steps as MultiStep[]) : [];
  return [...steps].sort((a, b) => a.order_index - b.order_index).map(stepRowFromStep);
}

export const multiStepForm: CheckTypeForm<MultiStepValues> = {
  type: "multi_step",
  description: "A sequence of API requests with extracted values and assertions.",
  closedBelowHobby: true,
  // Its requests are in its steps.
  target: null,
  section: { titleId: "steps-title", title: "The steps", Fields: MultiStepSection },
  defaults: () => ({ variables: [], steps: [newStep("http_request", 1)] }),
  fromOptions: (o) => ({
    variables: Object.entries((o.variables ?? {}) as Record<string, string>).map(
      ([name, value]) => ({ name, value }),
    ),
    steps: stepRows(o),
  }),
  toOptions: (values) => ({
    variables: variablesPayload(values.variables),
    steps: values.steps.map(stepPayload),
  }),
  validation: {
    // The step schema counts bytes with Node's Buffer, which browsers lack: the form judges the
    // steps by its own rules, and the server's sentence is shown on the step it names.
    ownProblems: (values) => {
      const stepProblems = clientStepProblems(values);
      const errors: FormErrors = {};
      const variables = variablesProblem(values);
      if (variables) errors.variables = variables;
      if (stepProblems.some(Boolean)) {
        errors.steps = "Some steps need attention; each says what is wrong below.";
      }
      return { errors, stepProblems };
    },
  },
};
