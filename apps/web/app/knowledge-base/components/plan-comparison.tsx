import { PLANS, type Plan } from "@upwatch/core";
import { Link } from "react-router";
import { getSiteConfig } from "../../lib/site-config.ts";
import { PlanLimitsTable } from "./plan-limits-table.tsx";

/** The plans side by side, generated from the plan data the whole product reads. */
export function PlanComparison() {
  return (
    <section className="kb-plans" aria-label="Plan comparison">
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
  return (
    <article className={`kb-plan${plan.highlighted ? " kb-plan-highlighted" : ""}`}>
      <header>
        <h3>{plan.name}</h3>
        {plan.badge && <span className="kb-plan-badge">{plan.badge}</span>}
      </header>
      <p className="kb-plan-price">{priceLine(plan)}</p>
      {plan.yearlyPrice !== null && (
        <p className="kb-muted kb-plan-yearly">
          or ${plan.yearlyPrice}/year
          {plan.yearlySavings ? ` (save $${plan.yearlySavings})` : ""}
        </p>
      )}
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
  const className = plan.highlighted ? "kb-button" : "kb-button kb-button-quiet";
  if (plan.ctaLink === "contact") {
    return (
      <Link to="/contact" className={className}>
        {plan.cta}
      </Link>
    );
  }
  return (
    <a href={`${getSiteConfig().appUrl}/register`} className={className}>
      {plan.cta}
    </a>
  );
}

function priceLine(plan: Plan): string {
  if (plan.monthlyPrice === null) return "Custom pricing";
  if (plan.monthlyPrice === 0) return "$0 forever";
  return `$${plan.monthlyPrice}/month`;
}
