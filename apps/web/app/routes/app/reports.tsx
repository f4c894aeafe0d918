import { useQuery } from "@tanstack/react-query";
import { getPlan, PLANS } from "@upwatch/core";
import { Link, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import {
  choiceOf,
  type ReportChoice,
  reportQueryOf,
  searchOf,
} from "../../signed-in/reports/report-choice.ts";
import { ReportPicker } from "../../signed-in/reports/report-picker.tsx";
import { ReportSchedules } from "../../signed-in/reports/report-schedules.tsx";
import { ReportView } from "../../signed-in/reports/report-view.tsx";
import css from "../../signed-in/reports/reports.css?url";
import { reportDownloadUrl, slaReportQuery } from "../../signed-in/reports/reports-api.ts";
import { useSession } from "../../signed-in/session.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Reports");
}

const DESCRIPTION =
  "Uptime against an SLA target for a monitor, group, agent or status page, with downtime, outages, maintenance and response times, to download or mail every month.";

/** Reports: a subject's SLA report over a month or a range, its downloads and its monthly mail. */
export default function Reports() {
  const { account } = useSession();
  const plan = getPlan(account.plan);
  if (!plan.limits.slaReports) {
    const first = PLANS.find((candidate) => candidate.limits.slaReports)?.name ?? "Enterprise";
    return (
      <>
        <PageHeader title="Reports" description={DESCRIPTION} />
        <p className="notice notice-warn">
          SLA reports are part of the {first} plan and above; the {plan.name} plan does not include
          them. <Link to={`${APP_BASE}/settings#plan`}>See your plan</Link>.
        </p>
      </>
    );
  }
  return <ReportsScreen />;
}

function ReportsScreen() {
  const [search, setSearch] = useSearchParams();
  const choice = choiceOf(search, new Date());
  const choose = (next: ReportChoice) =>
    setSearch(searchOf(next), { replace: true, preventScrollReset: true });
  const asked = reportQueryOf(choice);
  const query = "query" in asked ? asked.query : undefined;
  const report = useQuery({
    ...slaReportQuery(query ?? { subject_type: "monitor", subject_id: "" }),
    enabled: query !== undefined,
  });
  return (
    <>
      <PageHeader
        title="Reports"
        description={DESCRIPTION}
        actions={
          query ? (
            <div className="report-downloads">
              <a href={reportDownloadUrl("csv", query)} className="button button-ghost" download>
                Download CSV
              </a>
              <a href={reportDownloadUrl("pdf", query)} className="button button-ghost" download>
                Download PDF
              </a>
            </div>
          ) : undefined
        }
      />
      <ReportPicker choice={choice} onChange={choose} />
      {"problem" in asked ? <p className="report-note">{asked.problem}</p> : null}
      {query && report.isPending ? <Skeleton lines={4} label="Loading the report" /> : null}
      {report.isError ? (
        <LoadError message={problemText(report.error)} onRetry={() => void report.refetch()} />
      ) : null}
      {report.data ? <ReportView report={report.data} /> : null}
      <ReportSchedules choice={choice} />
    </>
  );
}
