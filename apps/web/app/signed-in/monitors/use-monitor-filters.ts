import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { type MonitorFilters, readMonitorFilters, writeMonitorFilters } from "./monitor-filters.ts";

/**
 * The list's filters, kept in the address's query. They live in state first, so fast typing
 * never loses a letter while the address catches up; back and forward bring older ones back.
 */
export function useMonitorFilters(): [MonitorFilters, (next: MonitorFilters) => void] {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState(() => readMonitorFilters(params));
  const written = useRef(params.toString());

  useEffect(() => {
    const query = params.toString();
    if (query === written.current) return;
    written.current = query;
    setFilters(readMonitorFilters(params));
  }, [params]);

  const change = (next: MonitorFilters) => {
    setFilters(next);
    const query = writeMonitorFilters(next);
    written.current = query.toString();
    setParams(query, { replace: true, preventScrollReset: true });
  };
  return [filters, change];
}
