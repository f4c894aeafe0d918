/** The audit log's filters as the screen's address keeps them (all optional). */
export interface AuditFilterValues {
  actor: string;
  action: string;
  from: string;
  to: string;
}

const KEYS = ["actor", "action", "from", "to"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z_]{1,40}(\.[a-z_]{0,40})?$/;
const ACTOR = /^[A-Za-z0-9_-]{1,100}$/;

/** The filters in an address's query, values that could not be sent left out. */
export function auditFiltersOf(search: URLSearchParams): AuditFilterValues {
  const value = (key: (typeof KEYS)[number], rule: RegExp) => {
    const given = search.get(key) ?? "";
    return rule.test(given) ? given : "";
  };
  return {
    actor: value("actor", ACTOR),
    action: value("action", ACTION),
    from: value("from", DATE),
    to: value("to", DATE),
  };
}

/** The query of the filters that are set, for the address, the API and the CSV export. */
export function auditFilterQuery(filters: AuditFilterValues): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) query.set(key, filters[key]);
  return query;
}

/** Whether any filter is set. */
export function hasAuditFilters(filters: AuditFilterValues): boolean {
  return KEYS.some((key) => filters[key] !== "");
}
