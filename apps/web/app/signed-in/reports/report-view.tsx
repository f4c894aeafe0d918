import { formatDateTime } from "../ui/format.ts";
import { StackedTable } from "../ui/stacked-table.tsx";
import { monthName } from "./report-choice.ts";
import { minutesText, msText, percentText } from "./report-format.ts";
import type { SlaReport } from "./reports-api.ts";

function Figure({ label, value, missed }: { label: string; value: string; missed?: boolean }) {
  return (
    <div className={missed ? "report-figure missed" : "report-figure"}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The whole subject's figures against the target. */
function Summary({ report }: { report: SlaReport }) {
  const w = report.whole;
  const r = report.response;
  const missed = w.target_met === false;
  return (
    <dl className="report-figures" aria-label="Summary">
      <Figure label="Uptime" value={percentText(w.uptime_percent)} missed={missed} />
      <Figure label="Target" value={`${report.target_percent} %`} />
      <Figure label="Downtime" value={minutesText(w.downtime_minutes)} />
      <Figure label="Budget left" value={minutesText(w.budget_left_minutes)} missed={missed} />
      <Figure label="Outages" value={String(w.outages)} />
      <Figure label="MTTR" value={minutesText(w.mttr_minutes)} />
      <Figure label="MTBF" value={minutesText(w.mtbf_minutes)} />
      <Figure label="Maintenance excluded" value={minutesText(w.maintenance_minutes)} />
      {r ? <Figure label="Response p50" value={msText(r.p50_ms)} /> : null}
      {r ? <Figure label="Response p95" value={msText(r.p95_ms)} /> : null}
      {r ? <Figure label="Response p99" value={msText(r.p99_ms)} /> : null}
    </dl>
  );
}

/** "November 2026 (Europe/Berlin)" or the range's first and last moments. */
function periodLabel(report: SlaReport): string {
  if (report.month) return `${monthName(report.month)} (${report.time_zone})`;
  return `${formatDateTime(report.from)} to ${formatDateTime(report.to)}`;
}

/** Everything the report says: summary, members, outages, maintenance and regions. */
export function ReportView({ report }: { report: SlaReport }) {
  const verdict =
    report.whole.target_met === null
      ? "Nothing was measured in this period."
      : report.whole.target_met
        ? `The ${report.target_percent} % target was met.`
        : `The ${report.target_percent} % target was missed.`;
  return (
    <>
      <p className="report-note">
        {report.subject.name}, {periodLabel(report)}. {verdict}
        {report.measured_until < report.to ? " The period is still running." : ""}
      </p>
      <Summary report={report} />
      {report.members.length > 1 ? (
        <section className="report-section" aria-labelledby="report-members">
          <h2 id="report-members">Members</h2>
          <StackedTable
            caption="Each member's figures"
            columns={["Name", "Uptime", "Downtime", "Outages", "p95"]}
          >
            {report.members.map((m) => (
              <tr key={m.id}>
                <td data-label="Name">{m.name}</td>
                <td data-label="Uptime">{percentText(m.figures.uptime_percent)}</td>
                <td data-label="Downtime">{minutesText(m.figures.downtime_minutes)}</td>
                <td data-label="Outages">{m.figures.outages}</td>
                <td data-label="p95">{msText(m.response?.p95_ms)}</td>
              </tr>
            ))}
          </StackedTable>
        </section>
      ) : null}
      <section className="report-section" aria-labelledby="report-outages">
        <h2 id="report-outages">Outages</h2>
        {report.outages.length === 0 ? (
          <p>No outages in this period.</p>
        ) : (
          <StackedTable
            caption="Outages in the period"
            columns={["Started", "Of", "Lasted", "Counted", "Cause"]}
          >
            {report.outages.map((o) => (
              <tr key={`${o.member_id}-${o.started_at}`}>
                <td data-label="Started">{formatDateTime(o.started_at)}</td>
                <td data-label="Of">{o.member_name}</td>
                <td data-label="Lasted">
                  {o.duration_minutes === 0 ? "under a minute" : minutesText(o.duration_minutes)}
                  {o.ended_at ? "" : " (ongoing)"}
                </td>
                <td data-label="Counted">{minutesText(o.counted_minutes)}</td>
                <td data-label="Cause" className="report-cause">
                  {o.cause}
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </section>
      <section className="report-section" aria-labelledby="report-maintenance">
        <h2 id="report-maintenance">Maintenance excluded</h2>
        {report.maintenance.length === 0 ? (
          <p>No maintenance windows in this period.</p>
        ) : (
          <StackedTable
            caption="Maintenance windows left out"
            columns={["Starts", "Ends", "Of", "Title"]}
          >
            {report.maintenance.map((w) => (
              <tr key={`${w.member_id}-${w.starts_at}-${w.title}`}>
                <td data-label="Starts">{formatDateTime(w.starts_at)}</td>
                <td data-label="Ends">{formatDateTime(w.ends_at)}</td>
                <td data-label="Of">{w.member_name}</td>
                <td data-label="Title">{w.title}</td>
              </tr>
            ))}
          </StackedTable>
        )}
      </section>
      {report.regions.length > 0 ? (
        <section className="report-section" aria-labelledby="report-regions">
          <h2 id="report-regions">Regions</h2>
          <StackedTable
            caption="Each region's checks"
            columns={["Of", "Region", "Checks", "Uptime", "p50", "p95"]}
          >
            {report.regions.map((g) => (
              <tr key={`${g.member_id}-${g.region}`}>
                <td data-label="Of">{g.member_name}</td>
                <td data-label="Region">{g.region}</td>
                <td data-label="Checks">{g.checks}</td>
                <td data-label="Uptime">{percentText(g.uptime_percent)}</td>
                <td data-label="p50">{msText(g.p50_ms)}</td>
                <td data-label="p95">{msText(g.p95_ms)}</td>
              </tr>
            ))}
          </StackedTable>
        </section>
      ) : null}
    </>
  );
}
