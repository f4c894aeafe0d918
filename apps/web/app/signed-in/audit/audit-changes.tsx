import type { AuditEvent } from "./audit-api.ts";

/** A field's value in words: text as is, nothing as an em dash, anything else as JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** What an event changed, folded: the fields, each before → after. */
export function AuditChanges({ changes }: { changes: AuditEvent["changes"] }) {
  const fields = Object.entries(changes ?? {});
  if (fields.length === 0) return <span className="app-muted">—</span>;
  return (
    <details className="audit-changes">
      <summary>
        {fields.length === 1 ? "1 field" : `${fields.length} fields`}:{" "}
        {fields.map(([f]) => f).join(", ")}
      </summary>
      <dl>
        {fields.map(([field, change]) => (
          <div key={field} className="audit-change">
            <dt>{field}</dt>
            <dd>
              <span className="audit-before">{shownValue(change.before)}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> changed to </span>
              <span className="audit-after">{shownValue(change.after)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
