import { ServiceError } from "../../services/service-error.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { findCustomer } from "./live-subscription.ts";

/** A Stripe customer portal session where the card is managed; answers its address. */
export async function openBillingPortal(deps: BillingDeps, accountId: string): Promise<string> {
  const customer = await findCustomer(deps.ctx.db, accountId);
  if (!customer) {
    throw new ServiceError(
      "conflict",
      "The account has never paid, so it has no card to manage yet.",
    );
  }
  const session = await deps.stripe.billingPortal.sessions.create({
    customer,
    return_url: `${deps.appUrl}/settings`,
  });
  return session.url;
}
