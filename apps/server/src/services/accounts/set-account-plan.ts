import { DEFAULT_REGION, getPlan, type Plan, type PlanChange } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { applyPlanChange } from "../plan-changes/apply-plan-change.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";
import { isPlanId } from "./create-account.ts";

export interface SetAccountPlanOptions {
  /** The region plans without a choice of region run from; the catalogue's first by default. */
  defaultRegion?: string | undefined;
  /** Monitors that stay active; by default the oldest active ones within the new limit. */
  keep?: readonly string[] | undefined;
}

/**
 * Moves an account to another plan, in one transaction: what the new plan does not allow is
 * paused or held back (nothing is deleted), what it allows again is given back, and a notice
 * lists the changes for the account. Changes are recorded in the audit log when the new plan
 * keeps one. Returns the changes; none when the account is already on the plan.
 */
export async function setAccountPlan(
  ctx: ServiceContext,
  accountId: string,
  plan: string,
  options: SetAccountPlanOptions = {},
): Promise<PlanChange[]> {
  if (!isPlanId(plan)) throw new ServiceError("invalid", `Unknown plan "${plan}".`);
  const account = await ctx.db
    .selectFrom("accounts")
    .select(["name", "plan"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account) throw new NotFoundError("account");
  if (account.plan === plan || !isPlanId(account.plan)) return [];
  const from = getPlan(account.plan);
  const to = getPlan(plan);
  return ctx.db.transaction().execute((trx) =>
    moveAccountPlan(trx, ctx, {
      accountId,
      accountName: account.name,
      from,
      to,
      actor: { kind: "operator" },
      defaultRegion: options.defaultRegion ?? DEFAULT_REGION,
      keep: options.keep,
    }),
  );
}

export interface AccountPlanMove {
  accountId: string;
  accountName: string;
  from: Plan;
  to: Plan;
  /** Who moves it: the operator's command, or billing as Stripe reports payments. */
  actor: AuditActor;
  defaultRegion: string;
  keep?: readonly string[] | undefined;
}

/**
 * Inside the caller's transaction: moves the account to the plan, records the move in the audit
 * log and applies what the new plan changes (see applyPlanChange). Returns the changes.
 */
export async function moveAccountPlan(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  move: AccountPlanMove,
): Promise<PlanChange[]> {
  const { accountId, from, to, actor } = move;
  // The write comes first: SQLite then waits for the running server's writes to take its lock,
  // where a read first would fail to upgrade ("database is locked") while the server writes.
  await trx.updateTable("accounts").set({ plan: to.id }).where("id", "=", accountId).execute();
  await recordAuditEvent(trx, ctx, accountId, actor, {
    action: "plan.changed",
    target: { type: "account", id: accountId, label: move.accountName },
    changes: { plan: { before: from.name, after: to.name } },
  });
  return applyPlanChange(trx, ctx, {
    accountId,
    from,
    to,
    defaultRegion: move.defaultRegion,
    keep: move.keep,
    actor,
  });
}
