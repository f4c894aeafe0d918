import { MONTH_WEEKS, type MonthWeek, type Weekday } from "@upwatch/core";
import { Field } from "../ui/field.tsx";
import { MONTH_WEEK_LABELS, type RecurrenceDraft, WEEK } from "./recurrence-draft.ts";

interface RecurrenceFieldsProps {
  idPrefix: string;
  draft: RecurrenceDraft;
  onChange(draft: RecurrenceDraft): void;
  /** The account's time zone, in which the times are read. */
  timeZone: string;
  error?: string | undefined;
}

const REPEATS: { value: RecurrenceDraft["repeats"]; label: string }[] = [
  { value: "once", label: "Does not repeat" },
  { value: "daily", label: "Every day" },
  { value: "weekly", label: "Every week" },
  { value: "monthly", label: "Every month" },
];

/** The "Repeats" choice of a maintenance form. */
export function RepeatsField({ idPrefix, draft, onChange }: RecurrenceFieldsProps) {
  return (
    <Field id={`${idPrefix}-repeats`} label="Repeats">
      <select
        value={draft.repeats}
        onChange={(event) =>
          onChange({ ...draft, repeats: event.target.value as RecurrenceDraft["repeats"] })
        }
      >
        {REPEATS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The rule of a recurring window: its days, time, length, first and last day. */
export function RecurrenceFields({
  idPrefix,
  draft,
  onChange,
  timeZone,
  error,
}: RecurrenceFieldsProps) {
  const set = (change: Partial<RecurrenceDraft>) => onChange({ ...draft, ...change });
  const toggleDay = (day: Weekday, on: boolean) =>
    set({ weekdays: on ? [...draft.weekdays, day] : draft.weekdays.filter((d) => d !== day) });
  return (
    <div className="maintenance-rule">
      {error ? (
        <p className="field-error" role="alert" id={`${idPrefix}-rule-error`}>
          {error}
        </p>
      ) : null}
      {draft.repeats === "weekly" ? (
        <fieldset className="app-fieldset">
          <legend>On</legend>
          <ul className="maintenance-weekdays">
            {WEEK.map(({ day, label }) => (
              <li key={day}>
                <label className="app-check" htmlFor={`${idPrefix}-day-${day}`}>
                  <input
                    id={`${idPrefix}-day-${day}`}
                    type="checkbox"
                    checked={draft.weekdays.includes(day)}
                    onChange={(event) => toggleDay(day, event.target.checked)}
                  />
                  <span>{label}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {draft.repeats === "monthly" ? (
        <div className="status-window-times">
          <Field id={`${idPrefix}-month-by`} label="On">
            <select
              value={draft.monthBy}
              onChange={(event) =>
                set({ monthBy: event.target.value as RecurrenceDraft["monthBy"] })
              }
            >
              <option value="day">A day of the month</option>
              <option value="weekday">A weekday of the month</option>
            </select>
          </Field>
          {draft.monthBy === "day" ? (
            <Field
              id={`${idPrefix}-month-day`}
              label="Day of the month"
              hint="In shorter months, a day past their end means their last day."
            >
              <input
                type="number"
                min={1}
                max={31}
                inputMode="numeric"
                value={draft.monthDay}
                onChange={(event) => set({ monthDay: event.target.value })}
              />
            </Field>
          ) : (
            <>
              <Field id={`${idPrefix}-month-week`} label="Which">
                <select
                  value={draft.monthWeek}
                  onChange={(event) => set({ monthWeek: event.target.value as MonthWeek })}
                >
                  {MONTH_WEEKS.map((week) => (
                    <option key={week} value={week}>
                      {MONTH_WEEK_LABELS[week]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${idPrefix}-month-weekday`} label="Weekday">
                <select
                  value={draft.monthWeekday}
                  onChange={(event) => set({ monthWeekday: event.target.value as Weekday })}
                >
                  {WEEK.map(({ day }) => (
                    <option key={day} value={day}>
                      {day.charAt(0).toUpperCase() + day.slice(1)}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          )}
        </div>
      ) : null}
      <div className="status-window-times">
        <Field
          id={`${idPrefix}-start-time`}
          label="Starts at"
          hint={`On the wall clock of ${timeZone}.`}
        >
          <input
            type="time"
            value={draft.startTime}
            onChange={(event) => set({ startTime: event.target.value })}
          />
        </Field>
        <Field
          id={`${idPrefix}-duration`}
          label="Lasts (minutes)"
          hint="At most 1440 for a daily window."
        >
          <input
            type="number"
            min={1}
            inputMode="numeric"
            value={draft.durationMinutes}
            onChange={(event) => set({ durationMinutes: event.target.value })}
          />
        </Field>
        <Field id={`${idPrefix}-starts-on`} label="From">
          <input
            type="date"
            value={draft.startsOn}
            onChange={(event) => set({ startsOn: event.target.value })}
          />
        </Field>
        <Field
          id={`${idPrefix}-ends-on`}
          label="Until"
          required={false}
          hint="The last day; empty for no end."
        >
          <input
            type="date"
            value={draft.endsOn}
            onChange={(event) => set({ endsOn: event.target.value })}
          />
        </Field>
      </div>
    </div>
  );
}
