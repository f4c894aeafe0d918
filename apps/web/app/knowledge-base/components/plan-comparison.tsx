import { PLANS, type Plan } from "@upwatch/core";
import { Link } from "react-router";
import { RegistrationNotices, SIGN_UP_LINK_CLASS } from "../../components/registration-notices.tsx";
import { planPrice } from "../../home/plan-price.ts";
import { registerUrl } from "../../lib/app-links.ts";
import { withCheckoutIntent } from "../../lib/checkout-intent.ts";
import { PlanLimitsTable } from "./plan-limits-table.tsx";

/** The plans side by side, from the plan data and price wording the home page uses. */
export function PlanComparison() {
  return (
    <section className="kb-plans" aria-labelledby="plan-comparison-title">
      <h2 id="plan-comparison-title" className="visually-hidden">
        Plan comparison
      </h2>
      <div className="kb-plan-grid">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <PlanLimitsTable />
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const monthly = planPrice(plan, "monthly");
  const yearly = plan.yearlyPrice === null ? undefined : planPrice(plan, "yearly");
  return (
    <article className={`kb-plan${plan.highlighted ? " kb-plan-highlighted" : ""}`}>
      <header>
        <h3>{plan.name}</h3>
        {plan.badge && <span className="kb-plan-badge">{plan.badge}</span>}
      </header>
      <p className="kb-plan-price">
        {monthly.amount}
        {monthly.per && (
          <span className="kb-plan-per">
            {monthly.per.startsWith("/") ? monthly.per : ` ${monthly.per}`}
          </span>
        )}
      </p>
      <p className="kb-muted kb-plan-yearly">
        {yearly ? `or ${yearly.amount}${yearly.per} (${yearly.note.toLowerCase()})` : monthly.note}
      </p>
      <p className="kb-plan-description">{plan.description}</p>
      <ul className="kb-plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <PlanAction plan={plan} />
    </article>
  );
}

function PlanAction({ plan }: { plan: Plan }) {
  const className = plan.highlighted ? "button button-primary" : "button button-ghost";
  if (plan.ctaLink === "contact") {
    return (
      <Link to="/contact?subject=Sales%20Inquiry" className={className}>
        {plan.cta}
      </Link>
    );
  }
  // A paid plan's choice goes through registration to its Checkout when the server bills.
  const paid = plan.id === "hobby" || plan.id === "business" ? plan.id : null;
  const signUp = (interval: "month" | "year") =>
    withCheckoutIntent(registerUrl(), paid && { plan: paid, interval });
  return (
    <>
      <a href={signUp("month")} className={`${className} ${SIGN_UP_LINK_CLASS}`}>
        {plan.cta}
      </a>
      {paid ? (
        <a href={signUp("year")} className={`kb-plan-yearly-link ${SIGN_UP_LINK_CLASS}`}>
          {plan.cta}, billed yearly
        </a>
      ) : null}
      <RegistrationNotices />
    </>
  );
}
