import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { LoadedMonitors } from "../monitors/loaded-monitors.tsx";
import { MonitorCheckList } from "../monitors/monitor-check-list.tsx";
import { useCan } from "../session.tsx";

interface MonitorPickerProps {
  selected: string[];
  onChange(ids: string[]): void;
}

/** Check boxes for the monitors whose alerts go to the channel. */
export function MonitorPicker({ selected, onChange }: MonitorPickerProps) {
  const mayAdd = useCan()("monitors.manage");
  return (
    <LoadedMonitors>
      {(list) => (
        <fieldset className="app-fieldset">
          <legend>Monitors that alert here</legend>
          {list.length === 0 ? (
            <p className="app-muted">
              No monitors yet.{" "}
              {mayAdd ? (
                <>
                  <Link to={`${APP_BASE}/monitors/new`}>Add a monitor</Link>, or tick
                </>
              ) : (
                "Tick"
              )}{" "}
              the box above so that every new monitor uses this channel.
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
              <MonitorCheckList monitors={list} selected={selected} onChange={onChange} />
            </>
          )}
        </fieldset>
      )}
    </LoadedMonitors>
  );
}
