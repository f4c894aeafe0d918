import { isScheduledCheckType, type Plan } from "@upwatch/core";
import { formatInterval } from "../monitors/format.ts";
import { Field } from "./field.tsx";
import type { FormPartProps } from "./form-props.ts";

const INTERVALS = [30, 60, 120, 300, 600, 900, 1800, 3600];

/** How often the monitor is checked, and when it counts as down or up. */
export function ScheduleFields({ values, set, errors, plan }: FormPartProps & { plan: Plan }) {
  const current = Number(values.interval_seconds);
  const intervals =
    INTERVALS.includes(current) || !current
      ? INTERVALS
      : [...INTERVALS, current].sort((a, b) => a - b);
  // A heartbeat is not checked on a schedule: its job's period is asked for above.
  const scheduled = isScheduledCheckType(values.type);
  return (
    <>
      {scheduled ? (
        <div className="field-row">
          <Field
            id="monitor-interval"
            label="Check every"
            hint={`Your ${plan.name} plan checks at most every ${
              plan.limits.minIntervalSeconds === 60
                ? "minute"
                : formatInterval(plan.limits.minIntervalSeconds)
            }.`}
            error={errors.interval_seconds}
          >
            <select
              value={values.interval_seconds}
              onChange={(e) => set("interval_seconds", e.target.value)}
            >
              {intervals.map((seconds) => (
                <option key={seconds} value={String(seconds)}>
                  {formatInterval(seconds)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="monitor-timeout"
            label="Timeout (seconds)"
            hint="1 to 60, and no longer than the interval."
            error={errors.timeout_seconds}
          >
            <input
              inputMode="numeric"
              value={values.timeout_seconds}
              onChange={(e) => set("timeout_seconds", e.target.value)}
            />
          </Field>
        </div>
      ) : null}
      <div className="field-row">
        <Field
          id="monitor-failure-threshold"
          label="Failure threshold"
          hint="Failed checks in a row before the monitor is down and an alert opens (1 to 20)."
          error={errors.failure_threshold}
        >
          <input
            inputMode="numeric"
            value={values.failure_threshold}
            onChange={(e) => set("failure_threshold", e.target.value)}
          />
        </Field>
        <Field
          id="monitor-recovery"
          label="Recovery confirmations"
          hint="Successful checks in a row before a down monitor is up again (1 to 10)."
          error={errors.recovery_confirmations}
        >
          <input
            inputMode="numeric"
            value={values.recovery_confirmations}
            onChange={(e) => set("recovery_confirmations", e.target.value)}
          />
        </Field>
      </div>
    </>
  );
}
