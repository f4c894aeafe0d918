import { OVERAGE } from "@upwatch/core";
import type Stripe from "stripe";
import { ServiceError } from "../../services/service-error.ts";
import {
  type BillingInterval,
  OFFERS,
  offerOf,
  type PaidPlan,
  type StatusPageAddOn,
} from "../offers.ts";
import type { PriceCatalogue } from "../price-catalogue.ts";
import type { SubscriptionFacts } from "../subscription-facts.ts";
import { priceId } from "./billing-deps.ts";

/** A change of the subscription: each field given replaces what it holds. */
export interface BillingChange {
  plan?: PaidPlan | undefined;
  interval?: BillingInterval | undefined;
  extraMonitors?: number | undefined;
  extraAgents?: number | undefined;
  statusPageAddOn?: StatusPageAddOn | null | undefined;
}

/** What the subscription sells once changed. */
interface Target {
  plan: PaidPlan;
  interval: BillingInterval;
  extraMonitors: number;
  extraAgents: number;
  statusPageAddOn: StatusPageAddOn | null;
}

/** The items of a subscription update, and whether it costs more a year than before. */
export interface PlannedItems {
  items: Stripe.SubscriptionUpdateParams.Item[];
  upgrade: boolean;
  /** What a full period of the changed subscription bills, in cents. */
  nextPeriodCents: number;
}

const WORD = { month: "monthly", year: "yearly" } as const;

/**
 * The subscription items that make the change, refused with a sentence when the plan does not
 * sell what is asked: extra monitors on Hobby and Business, extra agents on Business, and the
 * monthly status page add-ons on monthly billing (Stripe bills a subscription on one interval).
 */
export function plannedItems(
  subscription: Stripe.Subscription,
  facts: SubscriptionFacts,
  change: BillingChange,
  prices: PriceCatalogue,
): PlannedItems {
  const before = currentTarget(facts);
  const target: Target = {
    plan: change.plan ?? before.plan,
    interval: change.interval ?? before.interval,
    extraMonitors: change.extraMonitors ?? before.extraMonitors,
    extraAgents: change.extraAgents ?? before.extraAgents,
    statusPageAddOn:
      change.statusPageAddOn === undefined ? before.statusPageAddOn : change.statusPageAddOn,
  };
  if (target.statusPageAddOn && target.statusPageAddOn !== before.statusPageAddOn) {
    // Nothing yet gives a page more than its plan does, so no add-on is sold to pay for it.
    throw new ServiceError(
      "conflict",
      "Status page add-ons are not sold: the status pages a plan includes are all there is.",
    );
  }
  refuseWhatThePlanDoesNotSell(target);
  const keys = lookupKeys(target);
  const items: Stripe.SubscriptionUpdateParams.Item[] = [];
  for (const item of subscription.items.data) {
    const offer = offerOf(item.price.lookup_key);
    if (!offer || offer.item.kind === "sms") continue;
    const slot = offer.item.kind === "extra" ? `extra_${offer.item.extra}` : offer.item.kind;
    const wanted = keys.get(slot);
    keys.delete(slot);
    if (!wanted) items.push({ id: item.id, deleted: true });
    else items.push({ id: item.id, price: priceId(prices, wanted.key), quantity: wanted.quantity });
  }
  for (const wanted of keys.values()) {
    items.push({ price: priceId(prices, wanted.key), quantity: wanted.quantity });
  }
  return {
    items,
    upgrade: centsOf(target, "year") > centsOf(before, "year"),
    nextPeriodCents: centsOf(target, "period"),
  };
}

function currentTarget(facts: SubscriptionFacts): Target {
  if (facts.plan !== "hobby" && facts.plan !== "business") {
    throw new ServiceError(
      "conflict",
      "The subscription holds no Hobby or Business plan to change.",
    );
  }
  return {
    plan: facts.plan,
    interval: facts.interval ?? "month",
    extraMonitors: facts.extraMonitors,
    extraAgents: facts.extraAgents,
    statusPageAddOn: facts.statusPageAddOn,
  };
}

function refuseWhatThePlanDoesNotSell(target: Target): void {
  if (target.extraMonitors > 0 && !OVERAGE.monitor.plans.includes(target.plan)) {
    throw new ServiceError("conflict", "Extra monitors are sold on Hobby and Business only.");
  }
  if (target.extraAgents > 0 && !OVERAGE.agent.plans.includes(target.plan)) {
    throw new ServiceError(
      "conflict",
      "Extra agents are sold on Business only; move to Business first.",
    );
  }
  if (target.statusPageAddOn && target.interval !== "month") {
    throw new ServiceError(
      "conflict",
      "The status page add-ons are billed monthly; choose monthly billing to add one.",
    );
  }
}

/** The lookup key and quantity of each slot the target fills: plan, extras, add-on. */
function lookupKeys(target: Target): Map<string, { key: string; quantity: number }> {
  const word = WORD[target.interval];
  const keys = new Map<string, { key: string; quantity: number }>();
  keys.set("plan", { key: `upwatch_${target.plan}_${word}`, quantity: 1 });
  if (target.extraMonitors > 0) {
    keys.set("extra_monitor", {
      key: `upwatch_extra_monitor_${word}`,
      quantity: target.extraMonitors,
    });
  }
  if (target.extraAgents > 0) {
    keys.set("extra_agent", { key: `upwatch_extra_agent_${word}`, quantity: target.extraAgents });
  }
  if (target.statusPageAddOn) {
    keys.set("status-page", {
      key: `upwatch_status_page_${target.statusPageAddOn}_monthly`,
      quantity: 1,
    });
  }
  return keys;
}

/** What the target costs a period, or a year (how an upgrade is told from a downgrade), in cents. */
function centsOf(target: Target, span: "period" | "year"): number {
  let total = 0;
  for (const { key, quantity } of lookupKeys(target).values()) {
    const offer = OFFERS.find((candidate) => candidate.lookupKey === key);
    const times = span === "year" && offer?.interval === "month" ? 12 : 1;
    if (offer) total += offer.unitAmount * quantity * times;
  }
  return total;
}
