import { channelType, PLANS, type Plan } from "@upwatch/core";

const ROWS: readonly { label: string; value: (plan: Plan) => string }[] = [
  { label: "Monitors", value: (plan) => count(plan.limits.monitors) },
  { label: "Agents", value: (plan) => count(plan.limits.agents) },
  { label: "Shortest check interval", value: (plan) => interval(plan.limits.minIntervalSeconds) },
  { label: "Monitor types", value: (plan) => (plan.limits.allCheckTypes ? "All" : "Basic") },
  {
    label: "Alert channels",
    value: (plan) => plan.limits.channels.map((c) => channelType(c).planTableName).join(", "),
  },
  { label: "Alert channels per account", value: (plan) => count(plan.limits.maxChannels) },
  {
    label: "History",
    value: (plan) =>
      plan.limits.historyDays === null ? "Custom" : `${plan.limits.historyDays} days`,
  },
  { label: "Users", value: (plan) => count(plan.limits.users) },
  { label: "Status pages", value: (plan) => count(plan.limits.statusPages) },
  {
    label: "Subscribers per status page",
    value: (plan) => count(plan.limits.subscribersPerPage),
  },
  {
    label: "White-label and custom domain",
    value: (plan) => (plan.limits.whiteLabel ? "Yes" : "No"),
  },
  { label: "API requests per hour", value: (plan) => count(plan.limits.apiRequestsPerHour) },
];

/** The limits of every plan in one table, one plan per column. */
export function PlanLimitsTable() {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways, by keyboard too.
    <div className="kb-table-scroll" tabIndex={0}>
      <table className="kb-plan-table">
        <caption>Plan limits</caption>
        <thead>
          <tr>
            <td />
            {PLANS.map((plan) => (
              <th key={plan.id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {PLANS.map((plan) => (
                <td key={plan.id}>{row.value(plan)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function count(value: number | null): string {
  return value === null ? "Unlimited" : value.toLocaleString("en-US");
}

function interval(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
