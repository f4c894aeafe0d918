import type { BillingAnswer } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { formatDate } from "../ui/format.ts";
import { BillingActionButton } from "./billing-action-button.tsx";
import { CheckoutReturn } from "./checkout-return.tsx";
import { ExtrasForm } from "./extras-form.tsx";
import { InvoiceList } from "./invoice-list.tsx";
import { PlanOffers } from "./plan-offers.tsx";
import { PortalButton } from "./portal-button.tsx";

/** The plan bought through Stripe: its state, changing it, the card, invoices and refund. */
export function BillingPanel({ billing }: { billing: BillingAnswer }) {
  const subscribed = billing.status !== "none";
  return (
    <div className="billing-panel" id="billing">
      <CheckoutReturn billing={billing} />
      <SubscriptionFacts billing={billing} />
      {subscribed ? (
        <div className="button-row">
          {billing.status === "cancelling" ? null : (
            <BillingActionButton
              label="Cancel the subscription"
              busyLabel="Cancelling..."
              variant="danger"
              confirm={{
                title: "Cancel at the end of the period?",
                body: (
                  <p>
                    The {getPlan(billing.plan).name} plan stays until{" "}
                    {formatDate(billing.current_period_end)}; then the account moves to Free and
                    nothing more is charged.
                  </p>
                ),
                label: "Cancel at period end",
              }}
              run={() => call(OP.cancelBilling)}
            />
          )}
          <PortalButton label="Manage card" />
        </div>
      ) : null}
      {billing.plan === "enterprise" && !subscribed ? (
        <p>Enterprise+ is arranged with our sales team, and the operator sets it on this server.</p>
      ) : (
        <PlanOffers key={billing.interval ?? "none"} billing={billing} />
      )}
      {subscribed && billing.plan !== "free" ? (
        <ExtrasForm key={`${billing.extras.monitors}-${billing.extras.agents}`} billing={billing} />
      ) : null}
      {billing.refund.open ? <RefundOffer until={billing.refund.until} /> : null}
      <InvoiceList />
    </div>
  );
}

function SubscriptionFacts({ billing }: { billing: BillingAnswer }) {
  const plan = getPlan(billing.plan).name;
  return (
    <dl className="app-facts">
      <div>
        <dt>Billed</dt>
        <dd>
          {billing.interval === "year"
            ? "Yearly"
            : billing.interval === "month"
              ? "Monthly"
              : "Not billed"}
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <StatusText billing={billing} plan={plan} />
        </dd>
      </div>
      {billing.current_period_end ? (
        <div>
          <dt>Current period ends</dt>
          <dd>{formatDate(billing.current_period_end)}</dd>
        </div>
      ) : null}
      {billing.status !== "none" ? (
        <div>
          <dt>Extras</dt>
          <dd>
            {billing.extras.monitors} extra monitors, {billing.extras.agents} extra agents
            {billing.status_page_add_on
              ? `, status page add-on ${billing.status_page_add_on === "lite" ? "Lite" : "Pro"}`
              : ""}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function StatusText({ billing, plan }: { billing: BillingAnswer; plan: string }) {
  switch (billing.status) {
    case "none":
      return <>No subscription</>;
    case "active":
      return <>Active</>;
    case "cancelling":
      return (
        <>
          Cancelling: {plan} ends on {formatDate(billing.current_period_end)}.{" "}
          <BillingActionButton
            label="Undo"
            busyLabel="Undoing..."
            run={() => call(OP.resumeBilling)}
          />
        </>
      );
    case "past_due":
      return (
        <>
          Past due: the last payment failed; {plan} is kept until{" "}
          {formatDate(billing.grace_ends_at)}.{" "}
          <PortalButton label="Fix the card" variant="primary" />
        </>
      );
  }
}

function RefundOffer({ until }: { until: string | null }) {
  return (
    <section className="billing-refund" aria-labelledby="billing-refund-heading">
      <h3 id="billing-refund-heading">30-day money-back</h3>
      <p>You can ask for your first payment back until {formatDate(until)}.</p>
      <BillingActionButton
        label="Ask for a refund"
        busyLabel="Refunding..."
        variant="danger"
        confirm={{
          title: "Refund the first payment?",
          body: (
            <p>
              Stripe refunds your first payment, the subscription ends now and the account moves to
              Free at once. What does not fit Free is paused, not deleted.
            </p>
          ),
          label: "Refund and move to Free",
        }}
        run={() => call(OP.requestRefund)}
      />
    </section>
  );
}
