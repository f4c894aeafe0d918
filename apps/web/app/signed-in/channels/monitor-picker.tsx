import type { MonitorView } from "@upwatch/api";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import type { ApiData } from "../use-api-data.ts";

interface MonitorPickerProps {
  monitors: ApiData<{ data: MonitorView[] }> & { reload(): Promise<void> };
  selected: string[];
  onChange(ids: string[]): void;
}

/** Check boxes for the monitors whose alerts go to the channel. */
export function MonitorPicker({ monitors, selected, onChange }: MonitorPickerProps) {
  if (monitors.status === "loading") return <Skeleton lines={2} label="Loading monitors" />;
  if (monitors.status === "error") {
    return <LoadError message={monitors.error} onRetry={() => void monitors.reload()} />;
  }
  const list = monitors.data.data;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <fieldset className="app-fieldset">
      <legend>Monitors that alert here</legend>
      {list.length === 0 ? (
        <p className="app-muted">
          No monitors yet. <Link to={`${APP_BASE}/monitors/new`}>Add a monitor</Link>, or tick the
          box above so that every new monitor uses this channel.
        </p>
      ) : (
        <>
          <div className="app-check-actions">
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(list.map((monitor) => monitor.id))}
            >
              Select all
            </button>
            <button type="button" className="link-button" onClick={() => onChange([])}>
              Select none
            </button>
          </div>
          <ul className="app-check-list">
            {list.map((monitor) => (
              <li key={monitor.id}>
                <label className="app-check">
                  <input
                    type="checkbox"
                    checked={selected.includes(monitor.id)}
                    onChange={(event) => toggle(monitor.id, event.target.checked)}
                  />
                  <span>
                    {monitor.name} <span className="app-muted">{monitor.target}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
