import { formatDateTime } from "../ui/format.ts";
import { formatBytes, formatLoad, formatRate, formatShare } from "./agent-figures.ts";
import type { AgentDetail } from "./agents-api.ts";
import { HighMark } from "./high-mark.tsx";

/** The agent's latest report: CPU, memory, load, network and each disk. */
export function AgentOverview({ agent }: { agent: AgentDetail }) {
  const latest = agent.latest;
  if (!latest) {
    return (
      <section className="app-panel" aria-labelledby="overview-heading">
        <h2 id="overview-heading">Now</h2>
        <p className="app-muted">
          No report yet. Once the agent is installed with its key, its first report shows here
          within a minute.
        </p>
      </section>
    );
  }
  const { memory, load, network } = latest;
  return (
    <>
      <section className="app-panel" aria-labelledby="overview-heading">
        <h2 id="overview-heading">Now</h2>
        <p className="app-muted">
          From the report of{" "}
          <time dateTime={latest.sampled_at}>{formatDateTime(latest.sampled_at)}</time>.
        </p>
        <dl className="app-facts agent-now">
          <div data-figure="cpu">
            <dt>CPU</dt>
            <dd>
              {formatShare(latest.cpu_percent)} <HighMark high={latest.cpu_high} />
            </dd>
            <dd className="agent-fact-note">
              {latest.cores} {latest.cores === 1 ? "core" : "cores"}
            </dd>
          </div>
          <div data-figure="memory">
            <dt>Memory used</dt>
            <dd>
              {formatShare(memory.used_percent)} <HighMark high={memory.high} />
            </dd>
            <dd className="agent-fact-note">
              {formatBytes(memory.used_bytes)} of {formatBytes(memory.total_bytes)};{" "}
              {formatBytes(memory.available_bytes)} available
            </dd>
          </div>
          <div data-figure="load">
            <dt>Load</dt>
            <dd>
              {load ? formatLoad(load.one) : "–"} <HighMark high={latest.load_high} />
            </dd>
            <dd className="agent-fact-note">
              {load
                ? `1, 5 and 15 minutes: ${formatLoad(load.one)}, ${formatLoad(load.five)}, ${formatLoad(load.fifteen)}`
                : "Not reported on this system"}
            </dd>
          </div>
          <div data-figure="network">
            <dt>Network</dt>
            <dd>{formatRate(network.rx_bytes_per_second)} in</dd>
            <dd className="agent-fact-note">{formatRate(network.tx_bytes_per_second)} out</dd>
          </div>
        </dl>
      </section>
      <section className="app-panel" aria-labelledby="disks-heading">
        <h2 id="disks-heading">Disks</h2>
        {latest.disks.length === 0 ? (
          <p className="app-muted">The agent reports no disks.</p>
        ) : (
          <div className="app-table-wrap">
            <table className="app-table app-table-stack">
              <caption className="visually-hidden">Disks</caption>
              <thead>
                <tr>
                  <th scope="col">Mount</th>
                  <th scope="col">Description</th>
                  <th scope="col">Used</th>
                  <th scope="col">Size</th>
                </tr>
              </thead>
              <tbody>
                {latest.disks.map((disk) => (
                  <tr key={disk.mount}>
                    <td data-label="Mount">
                      <code className="app-code">{disk.mount}</code>
                    </td>
                    <td data-label="Description">{disk.description || "–"}</td>
                    <td data-label="Used">
                      {formatShare(disk.used_percent)} ({formatBytes(disk.used_bytes)}){" "}
                      <HighMark high={disk.high} />
                    </td>
                    <td data-label="Size">{formatBytes(disk.total_bytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
