import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BillingAnswer } from "@upwatch/api";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { queryKeys } from "../cache/queries.ts";
import { useSession } from "../session.tsx";
import { billingQuery } from "./billing-query.ts";

const POLL_MS = 2000;

/**
 * Back from Checkout: the plan applies only when Stripe's event arrives, so the screen says
 * the payment was received and reads the billing again until the subscription shows.
 */
export function CheckoutReturn({ billing }: { billing: BillingAnswer }) {
  const [searchParams] = useSearchParams();
  const { refresh } = useSession();
  const client = useQueryClient();
  const returned = searchParams.get("checkout");
  const waiting = returned === "complete" && billing.status === "none";
  useQuery({ ...billingQuery(), refetchInterval: waiting ? POLL_MS : false, retry: false });

  useEffect(() => {
    if (returned !== "complete" || billing.status === "none") return;
    void refresh();
    void client.invalidateQueries({ queryKey: queryKeys.account });
  }, [returned, billing.status, refresh, client]);

  if (returned === "canceled") {
    return (
      <p className="app-notice" role="status">
        Checkout was closed before paying; nothing was charged.
      </p>
    );
  }
  if (!waiting) return null;
  return (
    <p className="app-notice" role="status">
      Payment received; your plan changes as soon as Stripe confirms it.
    </p>
  );
}
