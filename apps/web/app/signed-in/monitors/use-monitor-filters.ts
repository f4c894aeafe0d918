import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { type MonitorFilters, readMonitorFilters, writeMonitorFilters } from "./monitor-filters.ts";

/** Marks the addresses the filters wrote themselves, which they need not read back. */
const WRITTEN_BY_FILTERS = { monitorFilters: true };

/**
 * The list's filters, kept in the address's query. They live in state first, so fast typing
 * never loses a letter while the address catches up; an address that comes from elsewhere (a
 * link, the back button) sets them.
 */
export function useMonitorFilters(): [MonitorFilters, (next: MonitorFilters) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [filters, setFilters] = useState(() => readMonitorFilters(params));
  const fromFilters = (location.state as typeof WRITTEN_BY_FILTERS | null)?.monitorFilters;

  useEffect(() => {
    if (!fromFilters) setFilters(readMonitorFilters(new URLSearchParams(location.search)));
  }, [location.search, fromFilters]);

  const change = (next: MonitorFilters) => {
    setFilters(next);
    setParams(writeMonitorFilters(next), {
      replace: true,
      preventScrollReset: true,
      state: WRITTEN_BY_FILTERS,
    });
  };
  return [filters, change];
}
