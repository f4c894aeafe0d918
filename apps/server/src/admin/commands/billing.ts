import { getPlan } from "@upwatch/core";
import type Stripe from "stripe";
import { type AccountReconciled, reconcileBilling } from "../../billing/reconcile-billing.ts";
import type { ServiceContext } from "../../services/context.ts";

/** What `reconcile-billing` prints, and whether every account could be read from Stripe. */
export interface ReconcileOutput {
  text: string;
  ok: boolean;
}

/**
 * `reconcile-billing`: every account with a Stripe customer takes the plan its subscriptions in
 * Stripe give it. Prints one line per account whose plan changed or could not be read, then a
 * summary. Refused while billing is off (`stripe` undefined).
 */
export async function reconcileBillingCommand(
  ctx: ServiceContext,
  stripe: Stripe | undefined,
  defaultRegion: () => Promise<string>,
): Promise<ReconcileOutput> {
  if (!stripe) {
    throw new Error(
      "Billing is not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are unset), so there is nothing to reconcile; plans are set with set-plan.",
    );
  }
  const results = await reconcileBilling({ ctx, stripe, defaultRegion: await defaultRegion() });
  const lines = results.flatMap(lineOf);
  const failed = results.filter((result) => "failure" in result).length;
  const moved = results.filter((result) => "from" in result && result.from !== result.to).length;
  const accounts = results.length === 1 ? "1 account" : `${results.length} accounts`;
  const summary = [
    `Reconciled ${accounts} with Stripe: ${moved} changed plan`,
    failed > 0 ? `, ${failed} could not be read from Stripe (run the command again)` : "",
    ".",
  ].join("");
  return { text: `${[...lines, summary].join("\n")}\n`, ok: failed === 0 };
}

function lineOf(result: AccountReconciled): string[] {
  const account = `${result.accountId}  ${result.accountName}`;
  if ("failure" in result) return [`${account}: not reconciled: ${result.failure}`];
  if (result.from === result.to) return [];
  return [`${account}: ${getPlan(result.from).name} → ${getPlan(result.to).name}`];
}
