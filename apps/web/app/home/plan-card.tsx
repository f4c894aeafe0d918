import type { Plan } from "@upwatch/core";
import { Link } from "react-router";
import { CheckIcon } from "../components/icons.tsx";
import { RegistrationNotices, SIGN_UP_LINK_CLASS } from "../components/registration-notices.tsx";
import { TrackedLink } from "../components/tracked-link.tsx";
import { registerUrl } from "../lib/app-links.ts";
import {
  type BillingCycle,
  formatInterval,
  formatLimit,
  PRICES_ATTRIBUTE,
  planPrice,
  planPrices,
} from "./plan-price.ts";

/** One plan: name, badge, price for the billing cycle, key limits, features and its action. */
export function PlanCard({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const price = planPrice(plan, cycle);
  const titleId = `plan-${plan.id}`;
  return (
    <article
      className="plan-card"
      data-highlighted={plan.highlighted || undefined}
      aria-labelledby={titleId}
      {...{ [PRICES_ATTRIBUTE]: JSON.stringify(planPrices(plan)) }}
    >
      {plan.badge ? <p className="plan-badge">{plan.badge}</p> : null}
      <h3 id={titleId}>{plan.name}</h3>
      <p className="plan-description">{plan.description}</p>
      <p className="plan-price">
        <span className="plan-amount">{price.amount}</span>
        {price.per ? <span className="plan-per"> {price.per}</span> : null}
      </p>
      <p className="plan-note">{price.note}</p>
      <dl className="plan-limits">
        <div>
          <dt>Monitors</dt>
          <dd>{formatLimit(plan.limits.monitors)}</dd>
        </div>
        <div>
          <dt>Agents</dt>
          <dd>{formatLimit(plan.limits.agents)}</dd>
        </div>
        <div>
          <dt>Check interval</dt>
          <dd>{formatInterval(plan.limits.minIntervalSeconds)}</dd>
        </div>
      </dl>
      {plan.ctaLink === "register" ? (
        <>
          <TrackedLink
            href={registerUrl()}
            className={`button ${plan.highlighted ? "button-primary" : "button-ghost"} plan-cta ${SIGN_UP_LINK_CLASS}`}
            trackAs={`pricing-${plan.id}`}
          >
            {plan.cta}
          </TrackedLink>
          <RegistrationNotices />
        </>
      ) : (
        <Link to="/contact?subject=Sales%20Inquiry" className="button button-ghost plan-cta">
          {plan.cta}
        </Link>
      )}
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon width="16" height="16" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}
