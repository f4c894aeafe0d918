import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan } from "../../signed-in/session.tsx";
import { statusKeys } from "../../signed-in/status-incidents/incidents-api.ts";
import css from "../../signed-in/status-subscribers/status-subscribers.css?url";
import { SubscriberTable } from "../../signed-in/status-subscribers/subscriber-table.tsx";
import {
  removeSubscriber,
  type StatusSubscriber,
  SUBSCRIBER_FILTERS,
  type SubscriberFilter,
  subscriberCountText,
  subscriberFilterOf,
  subscribersCsvUrl,
  subscribersQuery,
} from "../../signed-in/status-subscribers/subscribers-api.ts";
import { Button } from "../../signed-in/ui/button.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Status page subscribers");
}

/** Who subscribed to the page: their status (filtered by it), removing one, and the whole list as CSV. */
export default function StatusPageSubscribers() {
  const { id = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const filter = subscriberFilterOf(search.get("status"));
  const choose = (next: SubscriberFilter) =>
    setSearch(next === "all" ? {} : { status: next }, { replace: true, preventScrollReset: true });
  const list = useInfiniteQuery(subscribersQuery(id, filter));
  const client = useQueryClient();
  const { showToast } = useToast();
  const [removing, setRemoving] = useState<StatusSubscriber>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const mayManage = useCan()("status_pages.manage");
  const subscribers = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    setError(undefined);
    try {
      await removeSubscriber(id, removing.id);
      await client.invalidateQueries({ queryKey: statusKeys.page(id) });
      showToast(`${removing.email} is removed.`);
      setRemoving(undefined);
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="status-section-head">
        <h2>Subscribers</h2>
        {subscribers.length > 0 ? (
          <a href={subscribersCsvUrl(id)} className="button button-ghost" download>
            Export CSV
          </a>
        ) : null}
      </div>
      <p className="app-muted">
        Visitors subscribe on the public page and confirm by mail; they get every incident update
        and maintenance announcement, and can leave with one click from any mail.
        {list.isSuccess ? ` ${subscriberCountText(total, filter)}` : ""}
      </p>
      <div className="status-subscriber-filter">
        <label htmlFor="status-subscriber-filter">Show</label>
        <select
          id="status-subscriber-filter"
          value={filter}
          onChange={(event) => choose(subscriberFilterOf(event.target.value))}
        >
          {SUBSCRIBER_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? <Skeleton lines={3} label="Loading subscribers" /> : null}
      {list.isError ? (
        <LoadError message={problemText(list.error)} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isSuccess && subscribers.length === 0 && filter !== "all" ? (
        <EmptyState
          title={`No ${filterLabel(filter)} subscribers`}
          action={
            <Button variant="ghost" onClick={() => choose("all")}>
              Show all subscribers
            </Button>
          }
        >
          <p>No subscriber of this page has this status.</p>
        </EmptyState>
      ) : null}
      {list.isSuccess && subscribers.length === 0 && filter === "all" ? (
        <EmptyState title="No subscribers yet">
          <p>
            Visitors subscribe with the form on the public page. Share the page's address with your
            users so they hear about incidents first.
          </p>
        </EmptyState>
      ) : null}
      {subscribers.length > 0 ? (
        <SubscriberTable subscribers={subscribers} onRemove={mayManage ? setRemoving : undefined} />
      ) : null}
      {list.hasNextPage ? (
        <div className="app-pager">
          <Button
            variant="ghost"
            busy={list.isFetchingNextPage}
            busyLabel="Loading..."
            onClick={() => void list.fetchNextPage()}
          >
            Show more subscribers
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.email ?? "this subscriber"}?`}
        confirmLabel="Remove subscriber"
        busyLabel="Removing..."
        busy={busy}
        error={error}
        onConfirm={remove}
        onCancel={() => {
          setRemoving(undefined);
          setError(undefined);
        }}
      >
        <p>No further mail is sent to this address. They can subscribe again on the public page.</p>
      </ConfirmDialog>
    </>
  );
}

function filterLabel(filter: SubscriberFilter): string {
  return (SUBSCRIBER_FILTERS.find((option) => option.value === filter)?.label ?? "").toLowerCase();
}
