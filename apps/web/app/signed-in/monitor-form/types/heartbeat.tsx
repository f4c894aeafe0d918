import type { FormPartProps } from "../form-props.ts";
import { wholeNumber } from "../whole-number.ts";
import type { CheckTypeForm } from "./check-type-form.ts";

/** The units a heartbeat's period and grace are typed in, in seconds. */
const DURATION_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;

/** A heartbeat's expected period and grace time, each as an amount of a unit. */
export interface HeartbeatValues {
  heartbeat_period: string;
  heartbeat_period_unit: DurationUnit;
  heartbeat_grace: string;
  heartbeat_grace_unit: DurationUnit;
}

/** Seconds as an amount of the largest unit that divides them. */
function durationFields(seconds: number): { amount: string; unit: DurationUnit } {
  for (const unit of ["days", "hours", "minutes"] as const) {
    if (seconds > 0 && seconds % DURATION_UNITS[unit] === 0) {
      return { amount: String(seconds / DURATION_UNITS[unit]), unit };
    }
  }
  return { amount: String(Math.round(seconds / 60)), unit: "minutes" };
}

const UNIT_NAMES: Record<DurationUnit, string> = {
  minutes: "minutes",
  hours: "hours",
  days: "days",
};

/** How often a heartbeat's job pings, and how late a ping may be before the monitor is down. */
function HeartbeatFields({ values, set, errors }: FormPartProps) {
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
    <>
      <p className="field-hint">
        Once saved, the monitor's page shows the URL your job pings, with examples.
      </p>
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
    </>
  );
}

export const heartbeatForm: CheckTypeForm<HeartbeatValues> = {
  type: "heartbeat",
  description: "A cron job or worker pings a secret URL; silence or a failure means down.",
  // The job pings the monitor's own URL.
  target: null,
  section: { titleId: "heartbeat-title", title: "The job's schedule", Fields: HeartbeatFields },
  defaults: () => ({
    heartbeat_period: "1",
    heartbeat_period_unit: "days",
    heartbeat_grace: "5",
    heartbeat_grace_unit: "minutes",
  }),
  fromOptions: (o) => {
    const period = durationFields(Number(o.period_seconds ?? 86_400));
    const grace = durationFields(Number(o.grace_seconds ?? 0));
    return {
      heartbeat_period: period.amount,
      heartbeat_period_unit: period.unit,
      heartbeat_grace: grace.amount,
      heartbeat_grace_unit: grace.unit,
    };
  },
  toOptions: (values) => {
    const period = wholeNumber(values.heartbeat_period);
    const grace = wholeNumber(values.heartbeat_grace);
    if (Number.isNaN(period)) {
      return { field: "heartbeat_period", message: "Give the period as a whole number." };
    }
    if (Number.isNaN(grace)) {
      return { field: "heartbeat_grace", message: "Give the grace time as a whole number." };
    }
    return {
      period_seconds: period * DURATION_UNITS[values.heartbeat_period_unit],
      grace_seconds: grace * DURATION_UNITS[values.heartbeat_grace_unit],
    };
  },
  validation: {
    optionFields: { period_seconds: "heartbeat_period", grace_seconds: "heartbeat_grace" },
    fieldWords: [
      [
        /\boptions\.period_seconds must be a whole number of seconds from/g,
        "the period must be, in seconds, from",
      ],
      [
        /\boptions\.grace_seconds must be a whole number of seconds from/g,
        "the grace time must be, in seconds, from",
      ],
    ],
  },
};
