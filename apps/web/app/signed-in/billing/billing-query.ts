import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingAnswer } from "@upwatch/api";
import { getSiteConfig } from "../../lib/site-config.ts";
import { call } from "../api-call.ts";
import { ApiError } from "../api-client.ts";
import { queryKeys } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";

const KEY = ["billing"] as const;
const INVOICES = ["billing", "invoices"] as const;

/** The account's billing; with billing off the server answers 409. */
export const billingQuery = () =>
  queryOptions({ queryKey: KEY, queryFn: () => call(OP.getBilling) });

export const invoicesQuery = () =>
  queryOptions({ queryKey: INVOICES, queryFn: () => call(OP.listInvoices) });

/** Whether this server sells plans through Stripe; when not, the app never asks for billing. */
export function billingIsOn(): boolean {
  return getSiteConfig().billing === "on";
}

/** Whether a failed billing read means billing is off on this server. */
export function isBillingOff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * The account's billing for people who hold the billing permission, or null while unknown,
 * refused or off: screens then show what they showed before billing existed.
 */
export function useBilling(): BillingAnswer | null {
  const mayBill = useCan()("billing");
  const asked = mayBill && billingIsOn();
  const answer = useQuery({ ...billingQuery(), enabled: asked, retry: false });
  return asked && answer.isSuccess ? answer.data : null;
}

/**
 * After a change here: the answer is the subscription as Stripe now holds it, so it is shown
 * at once; the invoices, the account's limits and the session's plan are read again.
 */
export function showBillingChange(client: QueryClient, answer: BillingAnswer): Promise<unknown> {
  client.setQueryData(KEY, answer);
  return Promise.all([
    client.invalidateQueries({ queryKey: INVOICES }),
    client.invalidateQueries({ queryKey: queryKeys.account }),
  ]);
}
