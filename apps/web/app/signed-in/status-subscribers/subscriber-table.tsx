import { Button } from "../ui/button.tsx";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { type StatusSubscriber, SUBSCRIBER_STATUS_LABELS } from "./subscribers-api.ts";

/** The page's subscribers: address, status, when they subscribed and confirmed, Remove. */
export function SubscriberTable({
  subscribers,
  onRemove,
}: {
  subscribers: readonly StatusSubscriber[];
  /** Left out for people who cannot change the page: no Remove buttons then. */
  onRemove?: ((subscriber: StatusSubscriber) => void) | undefined;
}) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Subscribers</caption>
        <thead>
          <tr>
            <th scope="col">E-mail address</th>
            <th scope="col">Status</th>
            <th scope="col">Subscribed</th>
            <th scope="col">Confirmed</th>
            {onRemove ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id} data-subscriber-id={subscriber.id}>
              <td data-label="E-mail address" className="app-cell-wrap">
                {subscriber.email}
              </td>
              <td data-label="Status">{SUBSCRIBER_STATUS_LABELS[subscriber.status]}</td>
              <td data-label="Subscribed">
                <time
                  dateTime={subscriber.created_at}
                  title={formatDateTime(subscriber.created_at)}
                >
                  {formatRelative(subscriber.created_at)}
                </time>
              </td>
              <td data-label="Confirmed">
                {subscriber.confirmed_at ? (
                  <time dateTime={subscriber.confirmed_at}>
                    {formatDateTime(subscriber.confirmed_at)}
                  </time>
                ) : (
                  <span className="app-muted">Not yet</span>
                )}
              </td>
              {onRemove ? (
                <td className="app-cell-actions">
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => onRemove(subscriber)}
                    aria-label={`Remove ${subscriber.email}`}
                  >
                    Remove
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
