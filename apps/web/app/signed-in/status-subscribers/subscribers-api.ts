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

export const subscribersKey = (pageId: string) => ["status-page", pageId, "subscribers"] as const;

/** The page's subscribers, 100 at a time. */
export const subscribersQuery = (pageId: string) =>
  infiniteQueryOptions({
    queryKey: subscribersKey(pageId),
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      apiRequest<SubscriberPage>(
        "GET",
        `${base(pageId)}?limit=100${pageParam ? `&after=${encodeURIComponent(pageParam)}` : ""}`,
      ),
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
