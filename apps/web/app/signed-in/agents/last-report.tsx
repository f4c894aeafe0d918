import { formatDateTime, formatRelative } from "../ui/format.ts";

/** When an agent last reported: relative, with the date and time on hover and for machines. */
export function LastReport({ at }: { at: string | null }) {
  if (!at) return <span className="app-muted">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelative(at)}
    </time>
  );
}
