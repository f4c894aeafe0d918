/** A calendar month in UTC, as `2026-11`, with its first and past-last millisecond. */
export interface UsageMonth {
  key: string;
  start: number;
  end: number;
  /** As a reader says it: `November 2026`. */
  label: string;
}

/** The UTC calendar month holding a moment (epoch ms). */
export function monthOf(at: number): UsageMonth {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const start = Date.UTC(year, month, 1);
  return {
    key: `${year}-${String(month + 1).padStart(2, "0")}`,
    start,
    end: Date.UTC(year, month + 1, 1),
    label: new Date(start).toLocaleString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
  };
}
