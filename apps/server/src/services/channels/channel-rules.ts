import { type NetworkAccess, urlRefusal } from "@upwatch/checks";
import {
  type AlertChannel,
  type ChannelConfigs,
  channelType,
  getPlan,
  PLANS,
  type PlanId,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { ServiceError } from "../service-error.ts";

/** What validating a channel needs from the server: the network guard and what is set up. */
export interface ChannelDeps {
  network: NetworkAccess;
  /** Why each type whose provider needs a client this server lacks cannot be used here. */
  notSetUp: Partial<Record<AlertChannel, string>>;
  /** The server's public address, where e-mail confirmation links lead. */
  confirmLinkBase: string;
}

/** Throws a plan-limit ServiceError when the account's plan does not include the channel type. */
export function enforceChannelPlan(access: AccountAccess, type: AlertChannel): void {
  if (getPlan(access.plan).limits.channels.includes(type)) return;
  const first = PLANS.find((plan) => plan.limits.channels.includes(type));
  const current = getPlan(access.plan);
  const onlyEmail = current.limits.channels.every((included) => included === "email");
  throw new ServiceError(
    "plan-limit",
    `${channelType(type).label} alerts need the ${first?.name ?? "Hobby"} plan or above; the ${current.name} plan ${onlyEmail ? "sends e-mail alerts only" : "does not include them"}.`,
  );
}

/**
 * Why a channel sends nothing on the plan, or null when the plan includes its type. The channel
 * is kept as it is and sends again as soon as the account is on a plan that includes it.
 */
export function channelDisabledReason(planId: PlanId, type: AlertChannel): string | null {
  const plan = getPlan(planId);
  if (plan.limits.channels.includes(type)) return null;
  const first = PLANS.find((candidate) => candidate.limits.channels.includes(type));
  return `The ${plan.name} plan does not include ${channelType(type).label} alerts: this channel sends nothing until the account moves to the ${first?.name ?? "Hobby"} plan or above.`;
}

/** Throws a plan-limit ServiceError when the account already has as many channels as its plan allows. */
export async function enforceChannelCount(
  db: Kysely<Database>,
  access: AccountAccess,
): Promise<void> {
  const plan = getPlan(access.plan);
  const max = plan.limits.maxChannels;
  if (max === null) return;
  const { count } = await db
    .selectFrom("channels")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", access.accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) < max) return;
  throw new ServiceError(
    "plan-limit",
    `Your ${plan.name} plan allows ${max.toLocaleString("en-US")} alert channels. Delete a channel or upgrade your plan to add another.`,
  );
}

/** Throws an invalid ServiceError when the settings cannot be used (a refused URL, no SMS setup). */
export async function enforceChannelConfig<T extends AlertChannel>(
  type: T,
  config: ChannelConfigs[T],
  deps: ChannelDeps,
): Promise<void> {
  const refusal = await configRefusal(type, config, deps);
  if (refusal) throw new ServiceError("invalid", `config: ${refusal}`);
}

/** Why these settings cannot be used, or null. */
async function configRefusal<T extends AlertChannel>(
  type: T,
  config: ChannelConfigs[T],
  deps: ChannelDeps,
): Promise<string | null> {
  const missing = deps.notSetUp?.[type];
  if (missing) return missing;
  const settings = config as Record<string, string>;
  for (const field of channelType(type).guardedUrls as readonly string[]) {
    const refusal = await urlRefusal(settings[field] ?? "", deps.network);
    if (refusal) return refusal;
  }
  return null;
}
