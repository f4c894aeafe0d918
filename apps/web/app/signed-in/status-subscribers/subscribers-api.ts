import { infiniteQueryOptions } from "@tanstack/react-query";
import type { StatusSubscriber } from "@upwatch/api";
import { API_BASE, apiRequest } from "../api-client.ts";

export type { StatusSubscriber };

/** A page of subscribers, oldest first. */
export interface SubscriberPage {
  data: StatusSubscriber[];
  total: number;
  next_after: string | null;
}

const base = (pageId: string) => `/status-pages/${encodeURIComponent(pageId)}/subscribers`;

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

export const subscribersKey = (pageId: string, filter: SubscriberFilter = "all") =>
  ["status-page", pageId, "subscribers", filter] as const;

/** The list's address: 100 subscribers with the filter's status, after the one named. */
export function subscribersPath(pageId: string, filter: SubscriberFilter, after: string): string {
  const query = new URLSearchParams({ limit: "100" });
  if (filter !== "all") query.set("status", filter);
  if (after) query.set("after", after);
  return `${base(pageId)}?${query}`;
}

/** The page's subscribers with the filter's status, 100 at a time. */
export const subscribersQuery = (pageId: string, filter: SubscriberFilter = "all") =>
  infiniteQueryOptions({
    queryKey: subscribersKey(pageId, filter),
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      apiRequest<SubscriberPage>("GET", subscribersPath(pageId, filter, pageParam)),
    getNextPageParam: (last) => last.next_after ?? undefined,
  });

/** Where the browser downloads every subscriber as CSV. */
export function subscribersCsvUrl(pageId: string): string {
  return `${API_BASE}${base(pageId)}.csv`;
}

export function removeSubscriber(pageId: string, subscriberId: string): Promise<void> {
  return apiRequest<void>("DELETE", `${base(pageId)}/${encodeURIComponent(subscriberId)}`);
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
