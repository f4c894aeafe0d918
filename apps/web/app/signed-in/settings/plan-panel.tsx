import { useQuery } from "@tanstack/react-query";
import { channelType, getPlan, PLAN_IDS } from "@upwatch/core";
import { getSiteConfig } from "../../lib/site-config.ts";
import { problemText } from "../api-client.ts";
import { BillingPanel } from "../billing/billing-panel.tsx";
import { billingIsOn, billingQuery, isBillingOff } from "../billing/billing-query.ts";
import { accountQuery } from "../cache/queries.ts";
import { useCan, useSession } from "../session.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { HistoryForm } from "./history-form.tsx";

function interval(seconds: number): string {
  if (seconds < 60) return `Every ${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? "Every minute" : `Every ${minutes} minutes`;
}

/** The account's plan: what it allows, what is used, and how plans change on this install. */
export function PlanPanel() {
  const { account } = useSession();
  const answer = useQuery(accountQuery());
  const plan = getPlan(account.plan);

  return (
    <section className="app-panel" id="plan" aria-labelledby="plan-heading">
      <h2 id="plan-heading">
        {plan.id === "self-hosted" ? "Every feature, no limits" : `Plan: ${plan.name}`}
      </h2>
      <p className="app-panel-lead">{plan.description}</p>
      {answer.isPending ? <Skeleton lines={2} label="Loading your plan" /> : null}
      {answer.isError ? (
        <LoadError message={problemText(answer.error)} onRetry={() => void answer.refetch()} />
      ) : null}
      {answer.isSuccess ? (
        <dl className="app-facts">
          <div>
            <dt>Monitors</dt>
            <dd>
              {answer.data.limits.monitors === null
                ? `${answer.data.monitors}, no limit`
                : `${answer.data.monitors} of ${answer.data.limits.monitors}`}
              {answer.data.active_monitors < answer.data.monitors
                ? `, ${answer.data.active_monitors} active`
                : null}
            </dd>
          </div>
          <div>
            <dt>Shortest check interval</dt>
            <dd>{interval(answer.data.limits.min_interval_seconds)}</dd>
          </div>
          <div>
            <dt>Check types</dt>
            <dd>{answer.data.limits.all_check_types ? "All" : "HTTP, keyword and ping"}</dd>
          </div>
          <div>
            <dt>Alert channels</dt>
            <dd>{plan.limits.channels.map((type) => channelType(type).label).join(", ")}</dd>
          </div>
          <div>
            <dt>History kept</dt>
            <dd>{answer.data.limits.history_days} days</dd>
          </div>
          <div>
            <dt>API requests an hour</dt>
            <dd>
              {answer.data.limits.api_requests_per_hour === null
                ? "No limit"
                : answer.data.limits.api_requests_per_hour.toLocaleString("en-US")}
            </dd>
          </div>
        </dl>
      ) : null}
      {plan.limits.customRetention ? <HistoryForm /> : null}
      <PlanBilling accountId={account.id} />
    </section>
  );
}

/**
 * How the plan changes: through Stripe when billing is on (for those with the billing
 * permission), else by the operator's set-plan, in the words the panel always used.
 */
function PlanBilling({ accountId }: { accountId: string }) {
  const mayBill = useCan()("billing");
  const on = billingIsOn();
  const billing = useQuery({ ...billingQuery(), enabled: on && mayBill, retry: false });
  if (!on) return <SetPlanByOperator accountId={accountId} />;
  if (!mayBill) {
    return <p>The account's owner, and roles allowed to manage billing, change the plan.</p>;
  }
  if (billing.isPending) return <Skeleton lines={2} label="Loading billing" />;
  if (billing.isSuccess) return <BillingPanel billing={billing.data} />;
  if (!isBillingOff(billing.error)) {
    return (
      <LoadError message={problemText(billing.error)} onRetry={() => void billing.refetch()} />
    );
  }
  return <SetPlanByOperator accountId={accountId} />;
}

/** Where plans change when this server does not bill: the operator's command. */
function SetPlanByOperator({ accountId }: { accountId: string }) {
  if (getSiteConfig().edition === "self-hosted") {
    return (
      <p>
        This server runs the self-hosted edition: every feature is on and nothing is counted. Its
        operator can still give an account a plan's limits, from the server's shell:{" "}
        <code className="app-code">
          npm run admin -- set-plan --account {accountId} --plan free
        </code>{" "}
        (plans: {PLAN_IDS.join(", ")}).
      </p>
    );
  }
  return (
    <p>
      On a self-hosted install the server's operator changes plans, from the server's shell:{" "}
      <code className="app-code">npm run admin -- set-plan --account {accountId} --plan hobby</code>{" "}
      (plans: {PLAN_IDS.join(", ")}). The new plan applies from the next request; reload this page
      to see it.
    </p>
  );
}
