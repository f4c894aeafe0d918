import type { CheckType } from "@upwatch/core";
import type { ComponentType } from "react";
import type { FormPartProps } from "../form-props.ts";
import type { MonitorFormValues } from "../form-values.ts";
import type { StepProblems } from "../step-problems.ts";
import type { FormCheck, FormErrors } from "../validate-monitor-form.ts";

/** Why a field's text cannot become the number or list the API takes. */
export type FieldProblem = { field: keyof MonitorFormValues; message: string };

/** The field for what a type checks: a URL, a host, a host and port. */
export interface TargetField {
  label: string;
  /** What the target is, under the field. */
  hint: string;
  placeholder: string;
  inputMode: "url" | "text";
  /** A valid target of the type, put in while the other fields are judged. */
  standIn: string;
}

/** What a type's own section receives: the shown errors, and what the last check and save said. */
export interface TypeSectionProps extends FormPartProps {
  check: FormCheck;
  serverError: string | null;
  /** Whether a field's problems are shown yet (touched, or the form sent once). */
  revealed: (field: keyof MonitorFormValues) => boolean;
}

/** The section of the form that holds a type's own fields. */
export interface TypeSection {
  titleId: string;
  title: string;
  Fields: ComponentType<TypeSectionProps>;
}

/** How the form judges a type's options beyond what the engine's schema says. */
export interface TypeValidation {
  /** The form field that shows a problem with each of its options, by option name. */
  optionFields?: Record<string, keyof MonitorFormValues>;
  /** The engine's words for its options, and what the form calls them instead. */
  fieldWords?: readonly (readonly [RegExp, string])[];
  /** Valid stand-ins for options the schema requires, put in while the rest is judged. */
  standInOptions?: Record<string, unknown>;
  /**
   * For options the engine's schema cannot judge in a browser: the form's own problems. The
   * type's common fields are then judged as an HTTP monitor's.
   */
  ownProblems?: (values: MonitorFormValues) => { errors: FormErrors; stepProblems: StepProblems };
}

/** Everything the monitor form knows about one check type; `V` holds its own fields. */
export interface CheckTypeForm<V extends object = object> {
  type: CheckType;
  /** The sentence under its name in the type picker. */
  description: string;
  /** Whether a plan without every type cannot choose it at all, rather than choose and upgrade. */
  closedBelowHobby?: boolean;
  /** The target the form asks for, or null when it is checked at none. */
  target: TargetField | null;
  /** Its own fields, or null when it has none. */
  section: TypeSection | null;
  /** Fields whose errors show together: touching the first shows the second's. */
  linkedFields?: Partial<Record<keyof MonitorFormValues, keyof MonitorFormValues>>;
  /** Its own fields at their starting values. */
  defaults: () => V;
  /** The form's values for a saved monitor of the type, from its options. */
  fromOptions: (options: Record<string, unknown>) => Partial<MonitorFormValues>;
  /** Its options as the API takes them, or the field whose text cannot become them. */
  toOptions: (values: MonitorFormValues) => Record<string, unknown> | FieldProblem;
  validation?: TypeValidation;
}
