import type { BillingAnswer } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
import { useId, useState } from "react";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { type BillingChange, ChangeDialog } from "./change-dialog.tsx";
import { type BillingInterval, formatCents, perInterval } from "./money.ts";

const PAID = ["hobby", "business"] as const;
type PaidPlan = (typeof PAID)[number];

/** Sends the browser to Stripe Checkout for a plan; the plan applies once Stripe confirms. */
export async function goToCheckout(plan: PaidPlan, interval: BillingInterval): Promise<void> {
  const { url } = await call(OP.startCheckout, { body: { plan, interval } });
  window.location.assign(url);
}

/** The paid plans with their prices, monthly or yearly, and choosing one. */
export function PlanOffers({ billing }: { billing: BillingAnswer }) {
  const [interval, setInterval] = useState<BillingInterval>(billing.interval ?? "month");
  const [change, setChange] = useState<BillingChange | null>(null);
  const [busy, setBusy] = useState<PaidPlan | null>(null);
  const [error, setError] = useState<string>();
  const name = useId();
  const subscribed = billing.status !== "none";

  const choose = async (plan: PaidPlan) => {
    setError(undefined);
    if (subscribed) {
      setChange({ plan, interval });
      return;
    }
    setBusy(plan);
    try {
      await goToCheckout(plan, interval);
    } catch (failure) {
      setError(problemText(failure));
      setBusy(null);
    }
  };

  return (
    <section className="billing-offers" aria-labelledby={`${name}-heading`}>
      <h3 id={`${name}-heading`}>Plans</h3>
      <fieldset className="billing-interval">
        <legend>Billed</legend>
        {(["month", "year"] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={interval === value}
              onChange={() => setInterval(value)}
            />{" "}
            {value === "month" ? "Monthly" : "Yearly"}
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <ul className="billing-offer-list">
        {PAID.map((plan) => {
          const current = billing.plan === plan && billing.interval === interval;
          return (
            <li key={plan}>
              <strong>{getPlan(plan).name}</strong>{" "}
              <span>
                {formatCents(billing.prices.plans[plan][interval])} {perInterval(interval)}
              </span>{" "}
              {current ? (
                <span className="billing-current">Your plan</span>
              ) : (
                <Button
                  size="small"
                  variant="ghost"
                  busy={busy === plan}
                  busyLabel="Opening Checkout..."
                  onClick={() => void choose(plan)}
                  aria-label={`Choose ${getPlan(plan).name}, billed ${interval === "month" ? "monthly" : "yearly"}`}
                >
                  Choose {getPlan(plan).name}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ChangeDialog
        change={change}
        summary={
          change?.plan
            ? `Move to ${getPlan(change.plan).name}, billed ${change.interval === "year" ? "yearly" : "monthly"}.`
            : ""
        }
        onClose={() => setChange(null)}
        onChanged={() => setChange(null)}
      />
    </section>
  );
}
