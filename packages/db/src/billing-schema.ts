/** The Stripe customer that pays for an account. */
export interface BillingCustomerTable {
  account_id: string;
  /** Stripe's `cus_...` id. */
  customer_id: string;
  created_at: number;
}

/**
 * A Stripe subscription as the newest applied event left it. Times are epoch milliseconds;
 * `event_at` is the Stripe creation time of that event, so an older one is never applied over it.
 */
export interface BillingSubscriptionTable {
  /** Stripe's `sub_...` id. */
  id: string;
  account_id: string;
  customer_id: string;
  /** Stripe's status: `active`, `trialing`, `past_due`, `unpaid`, `canceled`, `incomplete`... */
  status: string;
  /** The plan its plan price sells (`hobby`, `business`); null when it holds none. */
  plan: string | null;
  price_id: string | null;
  /** `month` or `year`. */
  interval: string | null;
  extra_monitors: number;
  extra_agents: number;
  /** `lite` or `pro` when it holds a status page add-on. */
  status_page_add_on: string | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  /** When its first invoice was paid: the money-back period counts from here. */
  first_paid_at: number | null;
  /** When a payment first failed since it was last paid: the grace period counts from here. */
  payment_failed_at: number | null;
  created_at: number;
  event_at: number;
  updated_at: number;
}

/** A Stripe webhook event already applied; its id is never applied again. */
export interface BillingEventTable {
  /** Stripe's `evt_...` id. */
  id: string;
  type: string;
  /** When Stripe created it. */
  created_at: number;
  applied_at: number;
}
