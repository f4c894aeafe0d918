import type { MonitorView } from "@upwatch/api";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";

/** One notice per region of the monitor that no runner serves right now. */
export function UnservedNotices({ monitor }: { monitor: MonitorView }) {
  const regions = monitor.unserved_regions;
  if (regions.length === 0) return null;
  return (
    <div className="unserved-notices">
      {regions.map((region) => (
        <div key={region} className="app-notice" data-tone="warn" role="status">
          <p>
            <strong>No runner for {region}</strong>. Its checks from there are recorded as missed,
            not as down, so they raise no alert until a runner of {region} answers again.{" "}
            <Link to={`${APP_BASE}/regions`}>See the regions</Link>
          </p>
        </div>
      ))}
    </div>
  );
}
