import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { AuditEvent } from "@upwatch/api";
import { API_BASE, apiRequest } from "../api-client.ts";
import { type AuditFilterValues, auditFilterQuery } from "./audit-filters.ts";

export type { AuditEvent };

interface AuditPage {
  data: AuditEvent[];
  next_before: string | null;
}

const PAGE_SIZE = 50;

/** The filtered audit log, newest first, a page at a time. */
export const auditEventsQuery = (filters: AuditFilterValues) =>
  infiniteQueryOptions({
    queryKey: ["audit-log", filters],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const query = auditFilterQuery(filters);
      query.set("limit", String(PAGE_SIZE));
      if (pageParam) query.set("before", pageParam);
      return apiRequest<AuditPage>("GET", `/audit-log?${query}`);
    },
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

/** The people who appear in the log, to filter by. */
export const auditActorsQuery = () =>
  queryOptions({
    queryKey: ["audit-log", "actors"],
    queryFn: () =>
      apiRequest<{ data: Array<{ user_id: string; label: string }> }>("GET", "/audit-log/actors"),
  });

/** Where the browser downloads the filtered log as CSV. */
export function auditCsvUrl(filters: AuditFilterValues): string {
  const query = auditFilterQuery(filters).toString();
  return `${API_BASE}/audit-log.csv${query ? `?${query}` : ""}`;
}
