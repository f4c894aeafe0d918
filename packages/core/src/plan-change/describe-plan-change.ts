import { channelType } from "../channels/index.ts";
import type { Plan } from "../plans.ts";
import { reasonText } from "./compute-plan-change.ts";
import type { PlanChange } from "./plan-change-types.ts";

/** A plan change as one sentence for people: the notice's lines and the admin command's. */
export function describePlanChange(change: PlanChange, plan: Plan): string {
  switch (change.kind) {
    case "monitor-paused":
      return `${change.monitor_name} is paused: ${reasonText(change.reason, plan)}.`;
    case "monitor-resumed":
      return `${change.monitor_name} is active again.`;
    case "interval-raised":
      return `${change.monitor_name} is checked every ${seconds(change.to)} instead of every ${seconds(change.from)}, the ${plan.name} plan's shortest interval.`;
    case "interval-restored":
      return `${change.monitor_name} is checked every ${seconds(change.to)} again.`;
    case "regions-reduced":
      return `${change.monitor_name} is checked from ${change.to.join(", ")} only instead of ${change.from.join(", ")}.`;
    case "regions-restored":
      return `${change.monitor_name} is checked from ${change.to.join(", ")} again.`;
    case "headers-held":
      return `${change.monitor_name} no longer sends its custom headers and authentication; they are kept for a plan that includes them.`;
    case "headers-restored":
      return `${change.monitor_name} sends its custom headers and authentication again.`;
    case "channel-disabled":
      return `The ${channelType(change.channel_type).word} channel ${change.channel_name} is disabled: the ${plan.name} plan does not include ${channelType(change.channel_type).word} alerts.`;
    case "channel-enabled":
      return `The ${channelType(change.channel_type).word} channel ${change.channel_name} sends alerts again.`;
    case "status-pages-kept":
      return statusPagesKept(change.page_names, change.limit, plan);
    case "users-over-limit":
      return `The account has ${change.users} users and the ${plan.name} plan allows ${change.limit}: nobody loses access, and invitations are refused until there is room.`;
    case "white-label-held":
      return change.page_names.length === 1
        ? `${listOf(change.page_names)} shows "Powered by Upwatch", and visitors of its custom domain, if it has one, are sent to its Upwatch address; its white-label settings are kept for a plan that includes them.`
        : `${listOf(change.page_names)} show "Powered by Upwatch", and visitors of their custom domains, if they have them, are sent to their Upwatch addresses; their white-label settings are kept for a plan that includes them.`;
    case "white-label-restored":
      return change.page_names.length === 1
        ? `${listOf(change.page_names)} uses its white-label settings again: its "Powered by Upwatch" choice and its custom domain, if it has one.`
        : `${listOf(change.page_names)} use their white-label settings again: their "Powered by Upwatch" choice and their custom domain, if they have one.`;
  }
}

/** Names as a sentence lists them, at most three. */
function listOf(names: readonly string[]): string {
  const shown = names.length <= 3 ? names : [...names.slice(0, 2), `${names.length - 2} more`];
  return shown.length === 1
    ? (shown[0] as string)
    : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

function statusPagesKept(names: readonly string[], limit: number, plan: Plan): string {
  const pages = listOf(names);
  const stay = names.length === 1 ? "stays" : "stay";
  if (limit === 0) {
    return `${pages} ${stay} public and can still be updated; the ${plan.name} plan includes no status pages, so none can be added.`;
  }
  return `${pages} ${stay} public and can still be updated; the ${plan.name} plan includes ${limit}, so no status page can be added while there are ${names.length}.`;
}

function seconds(value: number): string {
  if (value % 60 !== 0) return `${value} seconds`;
  const minutes = value / 60;
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}
