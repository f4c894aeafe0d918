import type { RegionView } from "@upwatch/api";
import { formatDateTime, formatTime } from "../monitors/format.ts";

/** "14:02" today, the date and time before. */
function since(epochMs: number, now = Date.now()): string {
  const iso = new Date(epochMs).toISOString();
  return new Date(epochMs).toDateString() === new Date(now).toDateString()
    ? formatTime(iso)
    : formatDateTime(iso);
}

/** One banner per region whose monitors have had no runner for two of their intervals. */
export function OutageBanners({ regions }: { regions: readonly RegionView[] }) {
  const out = regions.filter((item) => item.outage_since !== null);
  if (out.length === 0) return null;
  return (
    <div className="region-outages">
      {out.map((item) => (
        <div key={item.region} className="app-notice" data-tone="warn" role="alert">
          <p>
            <strong>
              No runner has answered for {item.region} since {since(item.outage_since ?? 0)}
            </strong>
            . Checks of its monitors from there are recorded as missed, not as down, and raise no
            alert until a runner answers again.
          </p>
        </div>
      ))}
    </div>
  );
}

/** Every region of the catalogue: where it is, whether it is served, and by how many runners. */
export function RegionList({ regions }: { regions: readonly RegionView[] }) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack region-list">
        <caption className="visually-hidden">Regions and their runners</caption>
        <thead>
          <tr>
            <th scope="col">Region</th>
            <th scope="col">Location</th>
            <th scope="col">Status</th>
            <th scope="col">Live runners</th>
          </tr>
        </thead>
        <tbody>
          {regions.map((item) => (
            <tr key={item.region} data-served={item.served}>
              <th scope="row">
                {item.region}
                {item.local ? <span className="region-local">local</span> : null}
              </th>
              <td data-label="Location">{item.location}</td>
              <td data-label="Status">
                <span>
                  <span className="region-status" data-served={item.served}>
                    {item.served ? "Served" : "Not served"}
                  </span>
                  {item.local ? (
                    <span className="app-muted"> by this server</span>
                  ) : item.served ? null : (
                    <span className="app-muted"> (no runner)</span>
                  )}
                </span>
              </td>
              <td data-label="Live runners">{item.runners}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
