import type { MonitorView } from "@upwatch/api";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { useApiData } from "../use-api-data.ts";

/** The monitors whose alerts go to a channel, each linked to its screen. */
export function ChannelMonitorList({ monitorIds }: { monitorIds: string[] }) {
  const monitors = useApiData<{ data: MonitorView[] }>("/monitors");
  if (monitorIds.length === 0 || monitors.status !== "ready") return null;
  const using = monitors.data.data.filter((monitor) => monitorIds.includes(monitor.id));
  if (using.length === 0) return null;
  return (
    <div className="app-channel-monitors">
      <h3>Monitors that alert here</h3>
      <ul>
        {using.map((monitor) => (
          <li key={monitor.id}>
            <Link to={`${APP_BASE}/monitors/${encodeURIComponent(monitor.id)}`}>
              {monitor.name}
            </Link>{" "}
            <span className="app-muted">{monitor.target}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
