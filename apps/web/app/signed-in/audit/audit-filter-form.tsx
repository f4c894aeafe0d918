import { useQuery } from "@tanstack/react-query";
import { AUDIT_ACTION_OPTIONS } from "./audit-action-options.ts";
import { auditActorsQuery } from "./audit-api.ts";
import type { AuditFilterValues } from "./audit-filters.ts";

/** The audit log's filters: a person, an action or a kind of action, and a range of days. */
export function AuditFilterForm({
  filters,
  onChange,
}: {
  filters: AuditFilterValues;
  onChange(next: AuditFilterValues): void;
}) {
  const actors = useQuery(auditActorsQuery());
  const set = (key: keyof AuditFilterValues) => (value: string) =>
    onChange({ ...filters, [key]: value });
  const people = actors.data?.data ?? [];
  return (
    <fieldset className="audit-filters">
      <legend className="visually-hidden">Filter the audit log</legend>
      <div className="audit-filter">
        <label htmlFor="audit-actor">Person</label>
        <select
          id="audit-actor"
          value={filters.actor}
          onChange={(event) => set("actor")(event.target.value)}
        >
          <option value="">Everyone</option>
          {filters.actor && !people.some((person) => person.user_id === filters.actor) ? (
            <option value={filters.actor}>{filters.actor}</option>
          ) : null}
          {people.map((person) => (
            <option key={person.user_id} value={person.user_id}>
              {person.label}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-filter">
        <label htmlFor="audit-action">Action</label>
        <select
          id="audit-action"
          value={filters.action}
          onChange={(event) => set("action")(event.target.value)}
        >
          <option value="">All actions</option>
          {AUDIT_ACTION_OPTIONS.map((group) => (
            <optgroup key={group.prefix} label={group.label}>
              <option value={group.prefix}>All: {group.label}</option>
              {group.actions.map((action) => (
                <option key={action.value} value={action.value}>
                  {action.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="audit-filter">
        <label htmlFor="audit-from">From (UTC)</label>
        <input
          id="audit-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set("from")(event.target.value)}
        />
      </div>
      <div className="audit-filter">
        <label htmlFor="audit-to">To (UTC, included)</label>
        <input
          id="audit-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set("to")(event.target.value)}
        />
      </div>
    </fieldset>
  );
}
