import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { useBilling } from "./billing-query.ts";
import { formatCents, perInterval } from "./money.ts";

const SOLD_ON = {
  monitors: ["hobby", "business"],
  agents: ["business"],
} as const;

/**
 * At a plan's limit, for people who manage billing on a plan that sells them: extra monitors or
 * agents with their price, leading to the quantity field in Account Settings.
 */
export function ExtrasOffer({ kind }: { kind: keyof typeof SOLD_ON }) {
  const billing = useBilling();
  if (!billing || billing.status === "none" || !billing.interval) return null;
  if (!(SOLD_ON[kind] as readonly string[]).includes(billing.plan)) return null;
  const price = (kind === "monitors" ? billing.prices.extra_monitor : billing.prices.extra_agent)[
    billing.interval
  ];
  const noun = kind === "monitors" ? "monitor" : "agent";
  return (
    <p className="billing-extras-offer">
      Extra {kind} cost {formatCents(price)} {perInterval(billing.interval)} each.{" "}
      <Link to={`${APP_BASE}/settings?extras=${kind}#billing`}>Add extra {noun}s</Link>
    </p>
  );
}
