import { getPlan } from "@upwatch/core";
import { formatDate } from "../ui/format.ts";
import { useBilling } from "./billing-query.ts";
import { PortalButton } from "./portal-button.tsx";

/** While a payment failed, for people who manage billing: until when the plan is kept. */
export function PastDueBanner() {
  const billing = useBilling();
  if (billing?.status !== "past_due") return null;
  return (
    <section className="app-notice" data-tone="warn" aria-label="Payment failed">
      <p>
        Your last payment failed. Update your card by {formatDate(billing.grace_ends_at)} to keep{" "}
        {getPlan(billing.plan).name}.
      </p>
      <div className="button-row">
        <PortalButton label="Update card" variant="primary" />
      </div>
    </section>
  );
}
