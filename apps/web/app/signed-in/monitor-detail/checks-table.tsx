import type { CheckView } from "@upwatch/api";
import { formatDateTime, formatMs } from "../monitors/format.ts";
import { StatusBadge } from "../monitors/status-badge.tsx";
import { checkRegionLabel } from "./check-region.ts";
import { checksTableShape } from "./checks-shown.ts";

/** The recent checks, newest first; also the table behind the response-time chart. */
export function ChecksTable({
  checks,
  heartbeat = false,
  hasMore,
  loadingMore,
  onMore,
}: {
  checks: readonly CheckView[];
  heartbeat?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const shape = checksTableShape(checks, heartbeat);
  if (checks.length === 0) return <p className="app-muted">{shape.empty}</p>;
  const withPhases = shape.phases;
  return (
    <>
      <div className="app-table-wrap">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways, by keyboard too. */}
        <div className="table-scroll" tabIndex={0}>
          <table className="app-table app-table-stack checks-table">
            <caption className="visually-hidden">Recent checks, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Result</th>
                <th scope="col">{heartbeat ? "Run time" : "Response"}</th>
                {withPhases ? (
                  <>
                    <th scope="col">DNS</th>
                    <th scope="col">Connect</th>
                    <th scope="col">TLS</th>
                    <th scope="col">First byte</th>
                  </>
                ) : null}
                {shape.regionAndCode ? (
                  <>
                    <th scope="col">Code</th>
                    <th scope="col">Region</th>
                  </>
                ) : null}
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((check) => (
                <tr key={check.id}>
                  <td data-label="Time">
                    <time dateTime={check.checked_at}>{formatDateTime(check.checked_at)}</time>
                  </td>
                  <td data-label="Result">
                    <StatusBadge status={check.status} />
                  </td>
                  <td data-label={heartbeat ? "Run time" : "Response"}>
                    {formatMs(check.response_time_ms)}
                  </td>
                  {withPhases ? (
                    <>
                      <td data-label="DNS">{formatMs(check.timings?.dns_ms ?? null)}</td>
                      <td data-label="Connect">{formatMs(check.timings?.connect_ms ?? null)}</td>
                      <td data-label="TLS">{formatMs(check.timings?.tls_ms ?? null)}</td>
                      <td data-label="First byte">
                        {formatMs(check.timings?.first_byte_ms ?? null)}
                      </td>
                    </>
                  ) : null}
                  {shape.regionAndCode ? (
                    <>
                      <td data-label="Code">{check.status_code ?? "–"}</td>
                      <td data-label="Region">{checkRegionLabel(check.region)}</td>
                    </>
                  ) : null}
                  <td className="error-cell" data-label={check.error ? "Error" : undefined}>
                    {check.error ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {hasMore ? (
        <button
          type="button"
          className="button button-ghost load-more"
          onClick={onMore}
          disabled={loadingMore}
        >
          {loadingMore ? "Loading…" : "Show older checks"}
        </button>
      ) : null}
    </>
  );
}
