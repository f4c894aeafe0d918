import type { CheckView } from "@upwatch/api";
import { formatDateTime, formatMs } from "../monitors/format.ts";
import { StatusBadge } from "../monitors/status-badge.tsx";

/** The recent checks, newest first; also the table behind the response-time chart. */
export function ChecksTable({
  checks,
  hasMore,
  loadingMore,
  onMore,
}: {
  checks: readonly CheckView[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  if (checks.length === 0) {
    return <p className="app-muted">No checks yet. The first one runs within a few seconds.</p>;
  }
  const withPhases = checks.some((check) => check.timings !== null);
  return (
    <>
      <div className="app-table-wrap">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways, by keyboard too. */}
        <div className="table-scroll" tabIndex={0}>
          <table className="app-table checks-table">
            <caption className="visually-hidden">Recent checks, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Result</th>
                <th scope="col">Response</th>
                {withPhases ? (
                  <>
                    <th scope="col">DNS</th>
                    <th scope="col">Connect</th>
                    <th scope="col">TLS</th>
                    <th scope="col">First byte</th>
                  </>
                ) : null}
                <th scope="col">Code</th>
                <th scope="col">Region</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((check) => (
                <tr key={check.id}>
                  <td>
                    <time dateTime={check.checked_at}>{formatDateTime(check.checked_at)}</time>
                  </td>
                  <td>
                    <StatusBadge status={check.status} />
                  </td>
                  <td>{formatMs(check.response_time_ms)}</td>
                  {withPhases ? (
                    <>
                      <td>{formatMs(check.timings?.dns_ms ?? null)}</td>
                      <td>{formatMs(check.timings?.connect_ms ?? null)}</td>
                      <td>{formatMs(check.timings?.tls_ms ?? null)}</td>
                      <td>{formatMs(check.timings?.first_byte_ms ?? null)}</td>
                    </>
                  ) : null}
                  <td>{check.status_code ?? "–"}</td>
                  <td>{check.region}</td>
                  <td className="error-cell">{check.error ?? ""}</td>
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
