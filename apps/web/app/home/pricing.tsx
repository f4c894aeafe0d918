import { MONEY_BACK_DAYS, OVERAGE, PLANS, SMS_COUNTRIES, SMS_PRICE_USD } from "@upwatch/core";
import { useEffect, useRef, useState } from "react";
import { reportFirstView } from "../analytics/first-view.ts";
import { PlanCard } from "./plan-card.tsx";
import { type BillingCycle, bestYearlySaving, PRICING_CONTENT } from "./plan-price.ts";

const CYCLES: readonly { id: BillingCycle; label: string }[] = [
  { id: "monthly", label: "Monthly" },
  { id: "yearly", label: "Yearly" },
];

/** Reports the pricing table to the ad pixel the first time it scrolls into view. */
function useViewContent(content: string) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current) return reportFirstView(ref.current, content);
  }, [content]);
  return ref;
}

/** The plans of spec section 9 with a Monthly/Yearly toggle, monthly first. */
export function Pricing() {
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const ref = useViewContent(PRICING_CONTENT);
  return (
    <section id="pricing" className="section" aria-labelledby="pricing-title" ref={ref}>
      <div className="container">
        <div className="section-heading">
          <p className="eyebrow">Pricing</p>
          <h2 id="pricing-title">Start free. Pay when it pays for itself.</h2>
          <p>
            Ten monitors are free forever. Upgrade for one-minute checks, every alert channel,
            agents and a team.
          </p>
        </div>
        <fieldset className="cycle-toggle">
          <legend className="visually-hidden">Billing period</legend>
          {CYCLES.map((option) => (
            <button
              key={option.id}
              type="button"
              className="cycle-option"
              data-cycle={option.id}
              aria-pressed={cycle === option.id}
              onClick={() => setCycle(option.id)}
            >
              {option.label}
              {option.id === "yearly" ? (
                <span className="cycle-hint">Save up to ${bestYearlySaving(PLANS)}</span>
              ) : null}
            </button>
          ))}
        </fieldset>
        <ul className="plan-grid">
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} cycle={cycle} />
            </li>
          ))}
        </ul>
        <ul className="pricing-notes">
          <li>
            Extra monitors on Hobby and Business, and extra agents on Business: $
            {OVERAGE.monitor.monthly}/month or ${OVERAGE.monitor.yearly}/year each (save $
            {OVERAGE.monitor.monthly * 12 - OVERAGE.monitor.yearly} yearly).
          </li>
          <li>
            SMS alerts on paid plans are priced at ${SMS_PRICE_USD.toFixed(2)} per message to{" "}
            {SMS_COUNTRIES} countries, billed monthly to the card on file.
          </li>
          <li>
            {MONEY_BACK_DAYS}-day money-back guarantee. Plan changes apply at once and are prorated.
            We accept all major credit cards.
          </li>
        </ul>
      </div>
    </section>
  );
}
