import { AGENT_RULE_COMPARISONS, AGENT_RULE_RANGES, ALERT_SEVERITIES } from "@upwatch/core";
import { useId, useRef, useState } from "react";
import type { ApiError } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import type { RuleFields } from "./agents-api.ts";
import {
  type RuleField,
  type RuleValues,
  refusedRuleField,
  ruleFields,
  SEVERITY_WORDS,
  THRESHOLD_LABELS,
} from "./rule-values.ts";

interface RuleFormProps {
  initial: RuleValues;
  submitLabel: string;
  /** Sends the rule; a refusal is shown on the field it is about. */
  onSubmit(fields: RuleFields): Promise<void>;
  onCancel(): void;
  /** The names of the agent's custom metrics, offered for a custom rule's metric. */
  metricNames?: readonly string[];
}

/** A rule's numbers: its threshold, how long it must hold, its severity and its disks or services. */
export function RuleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  metricNames = [],
}: RuleFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const set = (field: keyof RuleValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const thresholdRef = useRef<HTMLInputElement>(null);
  const durationRef = useRef<HTMLInputElement>(null);
  const severityRef = useRef<HTMLSelectElement>(null);
  const subjectsRef = useRef<HTMLInputElement>(null);
  const metricRef = useRef<HTMLInputElement>(null);
  const labelsRef = useRef<HTMLInputElement>(null);
  const comparisonRef = useRef<HTMLSelectElement>(null);
  const {
    errors,
    busy,
    onSubmit: submit,
  } = useFormSubmission<RuleField>({
    focus: {
      threshold: thresholdRef,
      duration_minutes: durationRef,
      severity: severityRef,
      subjects: subjectsRef,
      metric: metricRef,
      labels: labelsRef,
      comparison: comparisonRef,
    },
    send: () => onSubmit(ruleFields(values)),
    refusal: (error: ApiError) => ({ [refusedRuleField(error.detail)]: error.detail }),
  });
  const thresholdLabel = THRESHOLD_LABELS[values.kind];
  const { durationMinutes } = AGENT_RULE_RANGES;
  return (
    <form className="app-form agent-rule-form" onSubmit={submit} noValidate>
      <FormError message={errors.form} />
      {values.kind === "custom" ? (
        <>
          <Field
            id={`${id}-metric`}
            label="Metric"
            hint="The custom metric's name as the agent reports it, such as queue_depth."
            error={errors.metric}
          >
            <input
              ref={metricRef}
              type="text"
              autoComplete="off"
              spellCheck={false}
              list={`${id}-metric-names`}
              value={values.metric}
              onChange={(event) => set("metric", event.target.value)}
            />
          </Field>
          <datalist id={`${id}-metric-names`}>
            {metricNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Field
            id={`${id}-labels`}
            label="Labels"
            required={false}
            hint="label=value pairs separated by commas, such as queue=mail; leave empty for every series of the metric."
            error={errors.labels}
          >
            <input
              ref={labelsRef}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={values.labels}
              onChange={(event) => set("labels", event.target.value)}
            />
          </Field>
          <Field id={`${id}-comparison`} label="Alert when the value is" error={errors.comparison}>
            <select
              ref={comparisonRef}
              value={values.comparison}
              onChange={(event) => set("comparison", event.target.value)}
            >
              {AGENT_RULE_COMPARISONS.map((comparison) => (
                <option key={comparison} value={comparison}>
                  {comparison === "above" ? "Above the threshold" : "Below the threshold"}
                </option>
              ))}
            </select>
          </Field>
        </>
      ) : null}
      {thresholdLabel ? (
        <Field id={`${id}-threshold`} label={thresholdLabel} error={errors.threshold}>
          <input
            ref={thresholdRef}
            type="number"
            inputMode="decimal"
            step="any"
            value={values.threshold}
            onChange={(event) => set("threshold", event.target.value)}
          />
        </Field>
      ) : null}
      <Field
        id={`${id}-duration`}
        label="For (minutes)"
        hint={`How long the condition must hold before the alert opens, ${durationMinutes.min} to ${durationMinutes.max}; 0 opens it on the first report.`}
        error={errors.duration_minutes}
      >
        <input
          ref={durationRef}
          type="number"
          inputMode="numeric"
          value={values.duration_minutes}
          onChange={(event) => set("duration_minutes", event.target.value)}
        />
      </Field>
      <Field id={`${id}-severity`} label="Severity" error={errors.severity}>
        <select
          ref={severityRef}
          value={values.severity}
          onChange={(event) => set("severity", event.target.value)}
        >
          {ALERT_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {SEVERITY_WORDS[severity]}
            </option>
          ))}
        </select>
      </Field>
      {values.kind === "disk" || values.kind === "service" ? (
        <Field
          id={`${id}-subjects`}
          label={values.kind === "disk" ? "Disks" : "Services"}
          required={false}
          hint={
            values.kind === "disk"
              ? "Mounts separated by commas, such as /, /var; leave empty for every disk."
              : "Names separated by commas, such as nginx; leave empty for every listed service."
          }
          error={errors.subjects}
        >
          <input
            ref={subjectsRef}
            type="text"
            autoComplete="off"
            value={values.subjects}
            onChange={(event) => set("subjects", event.target.value)}
          />
        </Field>
      ) : null}
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
