import { describePlanChange, getPlan, type PlanId, type Region } from "@upwatch/core";
import { createAccount } from "../../services/accounts/create-account.ts";
import { listAccounts } from "../../services/accounts/list-accounts.ts";
import { setAccountPlan } from "../../services/accounts/set-account-plan.ts";
import { createApiKey } from "../../services/api-keys/create-api-key.ts";
import { listApiKeys } from "../../services/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../services/api-keys/revoke-api-key.ts";
import { issueOperatorPasswordLink } from "../../services/auth/password-link.ts";
import { resetTwoFactor } from "../../services/auth/reset-two-factor.ts";
import type { ServiceContext } from "../../services/context.ts";
import { regionDirectory } from "../../services/regions/region-directory.ts";
import { addMember } from "../../services/team/add-member.ts";
import { isoTime, isoTimeOrNull } from "../../time.ts";

/** The options the account commands read. */
export interface AccountCommandOptions {
  name?: string | undefined;
  plan?: string | undefined;
  email?: string | undefined;
  account?: string | undefined;
  key?: string | undefined;
  role?: string | undefined;
  /** Comma-separated monitor ids that stay active on a smaller plan (set-plan). */
  keep?: string | undefined;
  /** The deployment's own region (LOCAL_REGION), for plans without a choice of region. */
  localRegion?: Region | null | undefined;
  /** The plan when --plan is not given: the operator's DEFAULT_PLAN. */
  defaultPlan?: string | undefined;
  /** The signed-in app's absolute address, for the owner's set-password link. */
  appUrl?: string | undefined;
}

type AccountCommand = (ctx: ServiceContext, options: AccountCommandOptions) => Promise<string>;

function required(value: string | undefined, flag: string): string {
  if (!value) throw new Error(`This command needs --${flag}.`);
  return value;
}

/** Operator commands for accounts and API keys; each returns what to print. */
export const ACCOUNT_COMMANDS: Record<string, AccountCommand> = {
  "create-account": async (ctx, options) => {
    const account = await createAccount(ctx, {
      name: required(options.name, "name"),
      plan: options.plan ?? options.defaultPlan ?? "free",
      ownerEmail: required(options.email, "email"),
    });
    const key = await createApiKey(ctx, account.accountId, "Created by the admin command");
    const passwordLink = options.appUrl
      ? await issueOperatorPasswordLink(ctx, options.appUrl, account.userId)
      : undefined;
    return [
      `Account ${account.accountId} created on the ${getPlan(account.plan).name} plan.`,
      `Owner: ${options.email} (${account.userId})`,
      ...(passwordLink
        ? [
            "",
            "The owner chooses a password and signs in with this link (works once, for 7 days):",
            `  ${passwordLink}`,
          ]
        : []),
      "",
      "API key (shown once; store it now):",
      `  ${key.key}`,
      "",
      `Try it: curl -H "Authorization: Bearer ${key.key}" <your Upwatch URL>/api/v1/account`,
      "",
    ].join("\n");
  },
  "create-key": async (ctx, options) => {
    const key = await createApiKey(
      ctx,
      required(options.account, "account"),
      options.name ?? "API key",
    );
    return `API key ${key.id} for ${options.account} (shown once; store it now):\n  ${key.key}\n`;
  },
  "revoke-key": async (ctx, options) => {
    const id = required(options.key, "key");
    await revokeApiKey(ctx, id);
    return `API key ${id} is revoked; requests with it are refused from now on.\n`;
  },
  "list-keys": async (ctx, options) => {
    const keys = await listApiKeys(ctx, required(options.account, "account"));
    const lines = keys.map(
      (key) =>
        `${key.id}  ${key.prefix}...  ${key.name}  created ${isoTime(key.createdAt)}  last used ${isoTimeOrNull(key.lastUsedAt) ?? "-"}${key.revokedAt ? `  revoked ${isoTime(key.revokedAt)}` : ""}`,
    );
    return `${lines.join("\n") || "No keys."}\n`;
  },
  "list-accounts": async (ctx) => {
    const accounts = await listAccounts(ctx);
    const lines = accounts.map(
      (a) =>
        `${a.id}  ${a.plan.padEnd(10)}  ${a.monitors} monitors  ${a.activeKeys} keys  ${a.name}`,
    );
    return `${lines.join("\n") || "No accounts."}\n`;
  },
  "set-plan": async (ctx, options) => {
    const plan = required(options.plan, "plan");
    const keep = options.keep
      ?.split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    const directory = regionDirectory(ctx, { localRegion: options.localRegion ?? null });
    const changes = await setAccountPlan(ctx, required(options.account, "account"), plan, {
      defaultRegion: await directory.defaultRegion(),
      keep,
    });
    const to = getPlan(plan as PlanId);
    const lines = changes.map((change) => `  ${describePlanChange(change, to)}`);
    return [
      `Account ${options.account} is now on the ${to.name} plan.`,
      ...(lines.length ? ["Changes:", ...lines] : ["Nothing else changed."]),
      "",
    ].join("\n");
  },
  "add-member": async (ctx, options) => {
    const email = required(options.email, "email");
    const added = await addMember(ctx, {
      accountId: required(options.account, "account"),
      email,
      role: required(options.role, "role"),
    });
    return `${email} (${added.userId}) is now ${added.role === "admin" ? "an" : "a"} ${added.role} of ${options.account}; their next sign-in opens it.\n`;
  },
  "reset-two-factor": async (ctx, options) => {
    const email = required(options.email, "email");
    const reset = await resetTwoFactor(ctx, email);
    const sessions = reset.sessionsEnded === 1 ? "1 session" : `${reset.sessionsEnded} sessions`;
    return `Two-factor sign-in is off for ${email} (${reset.userId}): recovery codes deleted, ${sessions} ended, and they were told by mail.\n`;
  },
};
