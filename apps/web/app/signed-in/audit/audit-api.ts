import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { AuditEvent } from "@upwatch/api";
import { call, operationPath } from "../api-call.ts";
import { API_BASE } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { type AuditFilterValues, auditFilterQuery } from "./audit-filters.ts";

export type { AuditEvent };

const PAGE_SIZE = 50;

/** The filtered audit log, newest first, a page at a time. */
export const auditEventsQuery = (filters: AuditFilterValues) =>
  infiniteQueryOptions({
    queryKey: ["audit-log", filters],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      call(OP.listAuditEvents, {
        query: {
          ...Object.fromEntries(auditFilterQuery(filters)),
          limit: PAGE_SIZE,
          before: pageParam || undefined,
        },
      }),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

/** The people who appear in the log, to filter by. */
export const auditActorsQuery = () =>
  queryOptions({
    queryKey: ["audit-log", "actors"],
    queryFn: () => call(OP.listAuditActors),
  });

/** Where the browser downloads the filtered log as CSV. */
export function auditCsvUrl(filters: AuditFilterValues): string {
  const query = Object.fromEntries(auditFilterQuery(filters));
  return `${API_BASE}${operationPath(OP.exportAuditEvents, { query })}`;
}
