import type { Group, MonitorStatus } from "@upwatch/api";
import { CHECK_TYPE_NAMES, CHECK_TYPES, type CheckType } from "@upwatch/core";
import { GroupFilter } from "./group-filter.tsx";
import { MONITOR_STATUSES, type MonitorFilters } from "./monitor-filters.ts";
import { statusLabel } from "./status-badge.tsx";

/** Search and filters above the list; every change goes into the address. */
export function MonitorFiltersBar({
  filters,
  groups,
  onChange,
}: {
  filters: MonitorFilters;
  groups: readonly Group[];
  onChange: (filters: MonitorFilters) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: React's types lack the <search> element.
    <div className="monitor-filters" role="search" aria-label="Find monitors">
      <div className="filter-search">
        <label htmlFor="monitor-search">Search</label>
        <input
          id="monitor-search"
          type="search"
          placeholder="Name or target"
          value={filters.q}
          onChange={(event) => onChange({ ...filters, q: event.target.value })}
        />
      </div>
      <div className="filter-select">
        <label htmlFor="filter-status">Status</label>
        <select
          id="filter-status"
          value={filters.status}
          onChange={(event) =>
            onChange({ ...filters, status: event.target.value as MonitorStatus | "" })
          }
        >
          <option value="">Any status</option>
          {MONITOR_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-select">
        <label htmlFor="filter-type">Type</label>
        <select
          id="filter-type"
          value={filters.type}
          onChange={(event) => onChange({ ...filters, type: event.target.value as CheckType | "" })}
        >
          <option value="">Any type</option>
          {CHECK_TYPES.map((type) => (
            <option key={type} value={type}>
              {CHECK_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </div>
      <GroupFilter
        groups={groups}
        chosen={filters.groups}
        onChange={(ids) => onChange({ ...filters, groups: ids })}
      />
    </div>
  );
}
