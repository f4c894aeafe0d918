import { formatDateTime } from "../ui/format.ts";

interface Occurrence {
  starts_at: string;
  ends_at: string;
}

/** A recurring window's rule and its coming occurrences, each with a Skip button when allowed. */
export function OccurrenceSummary({
  title,
  recurrenceText,
  occurrences,
  onSkip,
}: {
  title: string;
  recurrenceText: string;
  occurrences: readonly Occurrence[];
  onSkip?: ((occurrence: Occurrence) => void) | undefined;
}) {
  const now = Date.now();
  return (
    <div className="maintenance-occurrences">
      <p>{recurrenceText}.</p>
      {occurrences.length === 0 ? (
        <p className="app-muted">No occurrences are left.</p>
      ) : (
        <ul aria-label={`Next occurrences of ${title}`}>
          {occurrences.slice(0, 3).map((occurrence) => (
            <li key={occurrence.starts_at}>
              <time dateTime={occurrence.starts_at}>{formatDateTime(occurrence.starts_at)}</time> to{" "}
              <time dateTime={occurrence.ends_at}>{formatDateTime(occurrence.ends_at)}</time>
              {onSkip && Date.parse(occurrence.starts_at) > now ? (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => onSkip(occurrence)}
                  aria-label={`Skip the occurrence of ${title} on ${formatDateTime(occurrence.starts_at)}`}
                >
                  Skip
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
