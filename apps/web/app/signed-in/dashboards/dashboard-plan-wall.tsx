import { getPlan, PLANS } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { useSession } from "../session.tsx";
import { PageHeader } from "../ui/page-header.tsx";

/** Whether the account's plan has custom dashboards. */
export function usePlanHasDashboards(): boolean {
  return getPlan(useSession().account.plan).limits.customDashboards;
}

/** What a screen about boards says on a plan without them, in the API's words. */
export function DashboardPlanWall() {
  const plan = getPlan(useSession().account.plan);
  const first = PLANS.find((candidate) => candidate.limits.customDashboards)?.name ?? "Enterprise+";
  return (
    <>
      <PageHeader title="Dashboards" />
      <p className="notice notice-warn">
        Custom dashboards are part of the {first} plan and above; the {plan.name} plan does not
        include them. <Link to={`${APP_BASE}/settings#plan`}>See your plan</Link>.
      </p>
    </>
  );
}
