import { useQuery } from "@tanstack/react-query";
import { getPlan } from "@upwatch/core";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan, useSession } from "../../signed-in/session.tsx";
import { StatusPageTable } from "../../signed-in/status-pages/status-page-table.tsx";
import statusCss from "../../signed-in/status-pages/status-pages.css?url";
import { statusPagesQuery } from "../../signed-in/status-pages/status-pages-api.ts";
import { statusPagesUsable } from "../../signed-in/status-pages/status-pages-usable.ts";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(statusCss)];

export function meta() {
  return appMeta("Status pages");
}

const PRICING = "/knowledge-base/pricing";

/** Status pages: the account's public pages, what each shows now, and adding one. */
export default function StatusPages() {
  const { account } = useSession();
  const plan = getPlan(account.plan);
  const limit = plan.limits.statusPages;
  // Read on every plan: pages made on a larger plan stay public and editable after a downgrade.
  const pages = useQuery(statusPagesQuery());
  const list = pages.data?.data ?? [];
  const full = limit !== null && list.length >= limit;
  const mayManage = useCan()("status_pages.manage");
  const add = mayManage ? (
    <Link to={`${APP_BASE}/status-pages/new`} className="button button-primary">
      New status page
    </Link>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="Status pages"
        description="Public pages that tell your users what works, what does not, and what you are doing about it."
        actions={list.length > 0 && !full ? add : undefined}
      />
      {pages.isSuccess && !statusPagesUsable(account.plan, list.length) ? (
        <EmptyState title={`No status pages on the ${plan.name} plan`}>
          <p>
            Status pages are part of the Hobby, Business and Enterprise+ plans: branded pages with
            your components, incidents, maintenance and e-mail subscribers.{" "}
            <Link to={PRICING}>Compare the plans</Link>.
          </p>
        </EmptyState>
      ) : (
        <>
          {pages.isPending ? <Skeleton lines={3} label="Loading status pages" /> : null}
          {pages.isError ? (
            <LoadError message={problemText(pages.error)} onRetry={() => void pages.refetch()} />
          ) : null}
          {pages.isSuccess && list.length === 0 && !mayManage && limit !== 0 ? (
            <EmptyState title="No status pages yet.">
              <p>Status pages made for this account will show here.</p>
            </EmptyState>
          ) : null}
          {pages.isSuccess && list.length === 0 && mayManage && limit !== 0 ? (
            <EmptyState title="No status pages yet" action={add}>
              <p>
                Create a page, add the components your users rely on, and link them to your
                monitors. Then share its address, or post incidents there when something breaks.
              </p>
            </EmptyState>
          ) : null}
          {list.length > 0 ? <StatusPageTable pages={list} /> : null}
          {full && mayManage && list.length > 0 && list.length <= (limit ?? 0) ? (
            <p className="app-notice">
              The {plan.name} plan has {limit} status {limit === 1 ? "page" : "pages"}, all in use.
              Delete one to add another, or <Link to={PRICING}>compare the plans</Link>.
            </p>
          ) : null}
          {limit !== null && list.length > limit ? (
            <p className="app-notice">
              The {plan.name} plan includes{" "}
              {limit === 0
                ? "no status pages"
                : `${limit} status ${limit === 1 ? "page" : "pages"}`}
              . These pages stay public and can still be updated, but no page can be added
              {limit === 0 ? "" : " while there are more than that"}.{" "}
              <Link to={PRICING}>Compare the plans</Link>.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
