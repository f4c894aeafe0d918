import type { RefObject } from "react";
import { Field } from "../ui/field.tsx";

/** A one-off window's start and end, as local date-times; the end at most 7 days on. */
export function WindowTimesFields({
  idPrefix,
  start,
  end,
  onStartChange,
  onEndChange,
  startRef,
  endRef,
  errors,
  zoneHint,
  hidden,
}: {
  idPrefix: string;
  start: string;
  end: string;
  onStartChange(value: string): void;
  onEndChange(value: string): void;
  startRef: RefObject<HTMLInputElement | null>;
  endRef: RefObject<HTMLInputElement | null>;
  errors: { starts_at?: string | undefined; ends_at?: string | undefined };
  /** Names the time zone the times are read in. */
  zoneHint: string;
  hidden?: boolean;
}) {
  return (
    <div className="status-window-times" hidden={hidden}>
      <Field id={`${idPrefix}-start`} label="Starts" hint={zoneHint} error={errors.starts_at}>
        <input
          ref={startRef}
          type="datetime-local"
          value={start}
          onChange={(event) => onStartChange(event.target.value)}
        />
      </Field>
      <Field
        id={`${idPrefix}-end`}
        label="Ends"
        hint="At most 7 days after the start."
        error={errors.ends_at}
      >
        <input
          ref={endRef}
          type="datetime-local"
          value={end}
          onChange={(event) => onEndChange(event.target.value)}
        />
      </Field>
    </div>
  );
}
