import { formatDateTime } from "../ui/format.ts";
import { OccurrenceSummary } from "./occurrence-summary.tsx";

interface Occurrence {
  starts_at: string;
  ends_at: string;
}

/**
 * A maintenance window's status and title, then when it runs: its rule and coming occurrences
 * when it recurs, or its one span.
 */
export function WindowSchedule({
  status,
  statusLabel,
  title,
  recurrenceText,
  startsAt,
  endsAt,
  occurrences,
  onSkip,
}: {
  status: string;
  statusLabel: string;
  title: string;
  recurrenceText: string | null | undefined;
  startsAt: string;
  endsAt: string | null | undefined;
  occurrences: readonly Occurrence[];
  onSkip?: ((occurrence: Occurrence) => void) | undefined;
}) {
  return (
    <>
      <div className="status-window-head">
        <span className={`status-stage status-window-${status}`}>{statusLabel}</span>
        <h3 className="status-window-title">{title}</h3>
      </div>
      {recurrenceText ? (
        <OccurrenceSummary
          title={title}
          recurrenceText={recurrenceText}
          occurrences={occurrences}
          onSkip={onSkip}
        />
      ) : (
        <p>
          <time dateTime={startsAt}>{formatDateTime(startsAt)}</time> to{" "}
          {endsAt ? <time dateTime={endsAt}>{formatDateTime(endsAt)}</time> : null}
        </p>
      )}
    </>
  );
}
