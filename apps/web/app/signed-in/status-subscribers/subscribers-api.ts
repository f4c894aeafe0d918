import { infiniteQueryOptions } from "@tanstack/react-query";
import type { StatusSubscriber } from "@upwatch/api";
import { call, operationPath } from "../api-call.ts";
import { API_BASE } from "../api-client.ts";
import { OP } from "../operation-routes.ts";

export type { StatusSubscriber };

/** Which subscribers the list shows: everyone, or those with one status. */
export type SubscriberFilter = StatusSubscriber["status"] | "all";

/** The filter's choices, in the order the screen offers them. */
export const SUBSCRIBER_FILTERS: readonly { value: SubscriberFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "confirmed", label: "Confirmed" },
  { value: "pending", label: "Pending" },
  { value: "unsubscribed", label: "Unsubscribed" },
];

/** The filter named in the screen's address (`?status=`); anything else shows everyone. */
export function subscriberFilterOf(value: string | null): SubscriberFilter {
  return SUBSCRIBER_FILTERS.find((filter) => filter.value === value)?.value ?? "all";
}

/** The list's query: 100 subscribers with the filter's status, after the one named. */
function subscribersInput(pageId: string, filter: SubscriberFilter, after: string) {
  return {
    params: { id: pageId },
    query: { limit: 100, status: filter === "all" ? undefined : filter, after: after || undefined },
  };
}

/** The list's address in the API. */
export function subscribersPath(pageId: string, filter: SubscriberFilter, after: string): string {
  return operationPath(OP.listStatusSubscribers, subscribersInput(pageId, filter, after));
}

export const subscribersKey = (pageId: string, filter: SubscriberFilter = "all") =>
  ["status-page", pageId, "subscribers", filter] as const;

/** The page's subscribers with the filter's status, 100 at a time. */
export const subscribersQuery = (pageId: string, filter: SubscriberFilter = "all") =>
  infiniteQueryOptions({
    queryKey: subscribersKey(pageId, filter),
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      call(OP.listStatusSubscribers, subscribersInput(pageId, filter, pageParam)),
    getNextPageParam: (last) => last.next_after ?? undefined,
  });

/** Where the browser downloads every subscriber as CSV. */
export function subscribersCsvUrl(pageId: string): string {
  return `${API_BASE}${operationPath(OP.exportStatusSubscribers, { params: { id: pageId } })}`;
}

export function removeSubscriber(pageId: string, subscriberId: string): Promise<void> {
  return call(OP.deleteStatusSubscriber, { params: { id: pageId, subscriberId } });
}

/** The words for a subscriber's status. */
export const SUBSCRIBER_STATUS_LABELS: Record<StatusSubscriber["status"], string> = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

/** How many subscribers the filter finds, in words: "3 in all.", "1 pending." */
export function subscriberCountText(total: number, filter: SubscriberFilter): string {
  const count = total.toLocaleString("en");
  if (filter === "all") return `${count} in all.`;
  const words: Record<Exclude<SubscriberFilter, "all">, string> = {
    confirmed: "confirmed",
    pending: "waiting for confirmation",
    unsubscribed: "unsubscribed",
  };
  return `${count} ${words[filter]}.`;
}
