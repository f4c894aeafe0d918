import type { MonitorView } from "@upwatch/api";
import { useId, useState } from "react";
import { MonitorCheckList } from "../monitors/monitor-check-list.tsx";

interface GroupMonitorPickerProps {
  /** The monitors to choose from. */
  monitors: readonly MonitorView[];
  selected: readonly string[];
  onChange(ids: string[]): void;
  legend: string;
}

/** Check boxes for monitors, with a search that narrows a long list. */
export function GroupMonitorPicker({
  monitors,
  selected,
  onChange,
  legend,
}: GroupMonitorPickerProps) {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = monitors.filter((monitor) => {
    const text = `${monitor.name} ${monitor.target}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return (
    <fieldset className="app-fieldset">
      <legend>{legend}</legend>
      {monitors.length > 8 ? (
        <div className="group-picker-search">
          <label htmlFor={searchId} className="visually-hidden">
            Find monitors
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="Find by name or target"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      ) : null}
      <div className="app-check-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => onChange([...new Set([...selected, ...shown.map((m) => m.id)])])}
        >
          {words.length ? "Select all shown" : "Select all"}
        </button>
        <button type="button" className="link-button" onClick={() => onChange([])}>
          Select none
        </button>
        <span className="app-muted" aria-live="polite">
          {selected.length} chosen
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="app-muted">No monitor matches.</p>
      ) : (
        <MonitorCheckList monitors={shown} selected={selected} onChange={onChange} />
      )}
    </fieldset>
  );
}
