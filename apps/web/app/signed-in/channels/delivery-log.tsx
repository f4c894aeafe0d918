import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { problemText } from "../api-client.ts";
import { deliveriesQuery } from "../cache/queries.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { deliveryStatusLabel, deliveryTone, eventLabel } from "./channel-display.ts";

/** The channel's delivery log, newest first, a page at a time. */
export function DeliveryLog({
  channelId,
  emptyHint,
}: {
  channelId: string;
  /** What to say while the log is empty: how to see it fill. */
  emptyHint: string;
}) {
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  // The page shown stays while the next one loads.
  const log = useQuery({
    ...deliveriesQuery(channelId, pages.at(-1)),
    placeholderData: keepPreviousData,
  });
  const page = log.data;
  const loading = log.isFetching;

  return (
    <section className="app-panel" aria-labelledby="log-heading">
      <h2 id="log-heading">Delivery log</h2>
      <p className="app-panel-lead">
        Every attempt to deliver through this channel in the last 30 days.
      </p>
      {log.isError ? (
        <LoadError message={problemText(log.error)} onRetry={() => void log.refetch()} />
      ) : null}
      {loading && !page ? <Skeleton lines={3} label="Loading the delivery log" /> : null}
      {page && page.data.length === 0 && pages.length === 1 ? (
        <EmptyState title="Nothing delivered yet">
          <p>Attempts appear here when an alert goes out through this channel. {emptyHint}</p>
        </EmptyState>
      ) : null}
      {page && page.data.length > 0 ? (
        <div className="app-table-wrap" aria-busy={loading}>
          <table className="app-table app-table-stack">
            <caption className="visually-hidden">Delivery attempts</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((delivery) => (
                <tr key={delivery.id}>
                  <td data-label="When">
                    <time
                      dateTime={delivery.attempted_at}
                      title={formatDateTime(delivery.attempted_at)}
                    >
                      {formatRelative(delivery.attempted_at)}
                    </time>
                  </td>
                  <td data-label="Event">{eventLabel(delivery.event)}</td>
                  <td data-label="Status">
                    <span className="app-tag" data-tone={deliveryTone(delivery.status)}>
                      {deliveryStatusLabel(delivery.status)}
                    </span>
                  </td>
                  <td data-label="Latency">
                    {delivery.latency_ms === null ? "" : `${delivery.latency_ms} ms`}
                  </td>
                  <td data-label="Error" className="app-cell-error">
                    {delivery.error ?? <span className="app-muted">None</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page && (pages.length > 1 || page.next_before !== null) ? (
        <nav className="app-pager" aria-label="Delivery log pages">
          <Button
            variant="ghost"
            size="small"
            disabled={pages.length === 1 || loading}
            onClick={() => setPages((current) => current.slice(0, -1))}
          >
            Newer
          </Button>
          <span>Page {pages.length}</span>
          <Button
            variant="ghost"
            size="small"
            disabled={page.next_before === null || loading}
            onClick={() => setPages((current) => [...current, page.next_before ?? undefined])}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
