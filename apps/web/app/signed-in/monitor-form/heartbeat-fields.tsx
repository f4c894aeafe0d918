import type { FormPartProps } from "./form-props.ts";
import { DURATION_UNITS, type DurationUnit } from "./form-values.ts";

const UNIT_NAMES: Record<DurationUnit, string> = {
  minutes: "minutes",
  hours: "hours",
  days: "days",
};

/** How often a heartbeat's job pings, and how late a ping may be before the monitor is down. */
export function HeartbeatFields({ values, set, errors }: FormPartProps) {
  const amount = (
    id: string,
    label: string,
    hint: string,
    field: "heartbeat_period" | "heartbeat_grace",
    unitField: "heartbeat_period_unit" | "heartbeat_grace_unit",
  ) => (
    <fieldset className="field duration-field" aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <div className="field-row">
        <label htmlFor={id} className="visually-hidden">
          {label} (amount)
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={values[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? `${id}-error` : undefined}
          onChange={(e) => set(field, e.target.value)}
        />
        <label htmlFor={`${id}-unit`} className="visually-hidden">
          {label} (unit)
        </label>
        <select
          id={`${id}-unit`}
          value={values[unitField]}
          onChange={(e) => set(unitField, e.target.value as DurationUnit)}
        >
          {(Object.keys(DURATION_UNITS) as DurationUnit[]).map((unit) => (
            <option key={unit} value={unit}>
              {UNIT_NAMES[unit]}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {errors[field] ? (
        <p id={`${id}-error`} className="field-error">
          {errors[field]}
        </p>
      ) : null}
    </fieldset>
  );
  return (
    <div className="field-row">
      {amount(
        "monitor-heartbeat-period",
        "Expected every",
        "How often the job runs and pings: 1 minute to 30 days.",
        "heartbeat_period",
        "heartbeat_period_unit",
      )}
      {amount(
        "monitor-heartbeat-grace",
        "Grace time",
        "How late a ping may be before the monitor counts as down: up to 1 day.",
        "heartbeat_grace",
        "heartbeat_grace_unit",
      )}
    </div>
  );
}
