import { getPlan } from "@upwatch/core";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type CheckoutIntent, readCheckoutIntent } from "../../lib/checkout-intent.ts";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { billingIsOn, isBillingOff } from "./billing-query.ts";
import { goToCheckout } from "./plan-offers.tsx";

/**
 * A plan chosen on the pricing page (`?plan=&interval=`): opens its Checkout. With billing off
 * the choice is dropped and the app shows what it always showed.
 */
export function CheckoutIntentNotice() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const mayBill = useCan()("billing");
  const intent = readCheckoutIntent(searchParams);
  const started = useRef(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (!intent || started.current) return;
    started.current = true;
    const drop = () => navigate({ search: "" }, { replace: true });
    if (!mayBill) return void drop();
    openCheckout(intent).then(
      (outcome) => {
        if (outcome === "off") drop();
        else if (outcome !== "opened") setProblem(outcome);
      },
      (error: unknown) => setProblem(problemText(error)),
    );
  }, [intent, mayBill, navigate]);

  if (!intent || !mayBill) return null;
  return (
    <p className="app-notice" role="status">
      {problem ??
        `Opening Stripe Checkout for ${getPlan(intent.plan).name}, billed ${intent.interval === "year" ? "yearly" : "monthly"}...`}
    </p>
  );
}

async function openCheckout(intent: CheckoutIntent): Promise<"opened" | "off" | string> {
  if (!billingIsOn()) return "off";
  try {
    const billing = await call(OP.getBilling);
    if (billing.status !== "none") {
      return `You already pay for the ${getPlan(billing.plan).name} plan; change it in Account Settings.`;
    }
  } catch (error) {
    if (isBillingOff(error)) return "off";
    throw error;
  }
  await goToCheckout(intent.plan, intent.interval);
  return "opened";
}
