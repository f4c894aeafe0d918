import { useInfiniteQuery } from "@tanstack/react-query";
import { getPlan, PLANS } from "@upwatch/core";
import { Link, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import css from "../../signed-in/audit/audit.css?url";
import { auditCsvUrl, auditEventsQuery } from "../../signed-in/audit/audit-api.ts";
import { AuditFilterForm } from "../../signed-in/audit/audit-filter-form.tsx";
import {
  type AuditFilterValues,
  auditFilterQuery,
  auditFiltersOf,
  hasAuditFilters,
} from "../../signed-in/audit/audit-filters.ts";
import { AuditTable } from "../../signed-in/audit/audit-table.tsx";
import { useSession } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Audit log");
}

/** Settings > Audit log: who changed what, filtered by person, action and days, and as CSV. */
export default function AuditLog() {
  const { account } = useSession();
  const plan = getPlan(account.plan);
  if (!plan.limits.auditLog) {
    const first = PLANS.find((candidate) => candidate.limits.auditLog)?.name ?? "Business";
    return (
      <>
        <PageHeader title="Audit log" />
        <p className="notice notice-warn">
          The audit log is part of the {first} plan and above; the {plan.name} plan does not keep
          one. <Link to={`${APP_BASE}/settings#plan`}>See your plan</Link>.
        </p>
      </>
    );
  }
  return <AuditLogScreen />;
}

function AuditLogScreen() {
  const [search, setSearch] = useSearchParams();
  const filters = auditFiltersOf(search);
  const choose = (next: AuditFilterValues) =>
    setSearch(auditFilterQuery(next), { replace: true, preventScrollReset: true });
  const list = useInfiniteQuery(auditEventsQuery(filters));
  const events = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = hasAuditFilters(filters);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what in the account, when and from where. Secrets never show: changed ones appear masked."
        actions={
          <a href={auditCsvUrl(filters)} className="button button-ghost" download>
            Export CSV
          </a>
        }
      />
      <AuditFilterForm filters={filters} onChange={choose} />
      {list.isPending ? <Skeleton lines={5} label="Loading the audit log" /> : null}
      {list.isError ? (
        <LoadError message={problemText(list.error)} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isSuccess && events.length === 0 ? (
        <EmptyState
          title={filtered ? "No matching events" : "No events yet"}
          action={
            filtered ? (
              <Button variant="ghost" onClick={() => choose(auditFiltersOf(new URLSearchParams()))}>
                Clear the filters
              </Button>
            ) : undefined
          }
        >
          <p>
            {filtered
              ? "Nothing recorded matches these filters."
              : "Changes to monitors, channels, status pages, keys, agents and members will appear here."}
          </p>
        </EmptyState>
      ) : null}
      {events.length > 0 ? <AuditTable events={events} /> : null}
      {list.hasNextPage ? (
        <Button
          variant="ghost"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? "Loading…" : "Show older events"}
        </Button>
      ) : null}
    </>
  );
}
