import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { LoadedMonitors } from "../monitors/loaded-monitors.tsx";
import { useCan } from "../session.tsx";

interface LinkedMonitorsPickerProps {
  selected: string[];
  onChange(ids: string[]): void;
}

/** Check boxes for the monitors a component is linked to: its bars and its suggested state. */
export function LinkedMonitorsPicker({ selected, onChange }: LinkedMonitorsPickerProps) {
  const mayAdd = useCan()("monitors.manage");
  const limit = STATUS_PAGE_LIMITS.monitorsPerComponent;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <LoadedMonitors>
      {(list) => (
        <fieldset className="app-fieldset">
          <legend>Linked monitors (optional)</legend>
          <p className="field-hint">
            Their uptime becomes the component's 90-day bars, and they suggest its state. Visitors
            never see the monitors' names or addresses. At most {limit}.
          </p>
          {list.length === 0 ? (
            <p className="app-muted">
              No monitors yet.{" "}
              {mayAdd ? (
                <>
                  <Link to={`${APP_BASE}/monitors/new`}>Add a monitor</Link> to link it here.
                </>
              ) : null}
            </p>
          ) : (
            <ul className="app-check-list">
              {list.map((monitor) => {
                const checked = selected.includes(monitor.id);
                return (
                  <li key={monitor.id}>
                    <label className="app-check">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && selected.length >= limit}
                        onChange={(event) => toggle(monitor.id, event.target.checked)}
                      />
                      <span>{monitor.name}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
      )}
    </LoadedMonitors>
  );
}
