import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useOutletContext, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { StateTag } from "../../signed-in/status-pages/state-tag.tsx";
import statusCss from "../../signed-in/status-pages/status-pages.css?url";
import { type StatusPage, statusPageQuery } from "../../signed-in/status-pages/status-pages-api.ts";
import { CopyButton } from "../../signed-in/ui/copy-button.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { type SectionTab, SectionTabs } from "../../signed-in/ui/section-tabs.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(statusCss)];

export function meta() {
  return appMeta("Status page");
}

const BACK = <Link to={`${APP_BASE}/status-pages`}>Back to status pages</Link>;

const TABS = [
  { to: "", label: "Components", end: true },
  { to: "incidents", label: "Incidents", end: false },
  { to: "maintenance", label: "Maintenance", end: false },
  { to: "subscribers", label: "Subscribers", end: false },
  { to: "settings", label: "Settings", end: false, permission: "status_pages.manage" },
] as const satisfies readonly SectionTab[];

/** What the screens inside a status page read: the page, as last loaded. */
export interface StatusPageContext {
  page: StatusPage;
}

/** The page a screen inside a status page belongs to. */
export function useStatusPage(): StatusPage {
  return useOutletContext<StatusPageContext>().page;
}

/** One status page: its name and public address, its tabs, and the tab's screen. */
export default function StatusPageLayout() {
  const { id = "" } = useParams();
  const page = useQuery(statusPageQuery(id));
  if (page.isPending) return <Skeleton lines={4} label="Loading the status page" />;
  if (page.isError) {
    return (
      <>
        <PageHeader title="Status page" back={BACK} />
        <LoadError message={problemText(page.error)} onRetry={() => void page.refetch()} />
      </>
    );
  }
  const base = `${APP_BASE}/status-pages/${encodeURIComponent(page.data.id)}`;
  return (
    <>
      <PageHeader title={page.data.name} back={BACK} />
      <div className="status-page-links">
        <span>
          Visitors see <StateTag state={page.data.state} />
        </span>
        <a href={page.data.public_url} target="_blank" rel="noopener">
          {page.data.public_url}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <CopyButton value={page.data.public_url} label="Copy link" />
      </div>
      <SectionTabs label="Status page sections" base={base} tabs={TABS} />
      <Outlet context={{ page: page.data } satisfies StatusPageContext} />
    </>
  );
}
