import {
  CUSTOM_RETENTION_DAYS,
  effectiveHistoryDays,
  getPlan,
  HISTORY_DAYS_CHOICE,
  historyChoiceProblem,
  PLANS,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";

/** How long an account keeps its history and what it may choose. */
export interface AccountHistory {
  days: number;
  chosenDays: number | null;
  canChoose: boolean;
  minDays: number;
  maxDays: number;
  defaultDays: number;
}

/** The account's history length: its plan's, or its own choice within the server's longest. */
export async function readAccountHistory(
  db: Kysely<Database>,
  accountId: string,
  maxDays: number,
): Promise<AccountHistory> {
  const account = await db
    .selectFrom("accounts")
    .select(["plan", "history_days"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account) throw new NotFoundError("account");
  const plan = getPlan(account.plan as Parameters<typeof getPlan>[0]);
  const canChoose = plan.limits.customRetention;
  const chosenDays = canChoose ? account.history_days : null;
  return {
    days: effectiveHistoryDays({ plan, chosenDays, maxDays }),
    chosenDays,
    canChoose,
    minDays: HISTORY_DAYS_CHOICE.min,
    maxDays,
    defaultDays: effectiveHistoryDays({ plan, chosenDays: null, maxDays }),
  };
}

/**
 * Sets the account's history length (null: back to the default), on plans that let it choose
 * and within the server's longest; recorded in the audit log. Shorter histories are pruned on
 * the next hourly pass.
 */
export async function chooseAccountHistory(
  ctx: ServiceContext,
  access: AccountAccess,
  days: number | null,
  maxDays: number,
): Promise<AccountHistory> {
  const plan = getPlan(access.plan);
  if (!plan.limits.customRetention) {
    const upgrade = PLANS.find((p) => p.limits.customRetention)?.name ?? "a higher";
    throw new ServiceError(
      "plan-limit",
      `Choosing how long history is kept is part of the ${upgrade} plan; the ${plan.name} plan keeps ${plan.limits.historyDays ?? CUSTOM_RETENTION_DAYS} days.`,
    );
  }
  const problem = days === null ? null : historyChoiceProblem(days, maxDays);
  if (problem) throw new ServiceError("invalid", problem);
  const before = await readAccountHistory(ctx.db, access.accountId, maxDays);
  if (before.chosenDays !== days) {
    await ctx.transact(async (trx) => {
      const account = await trx
        .selectFrom("accounts")
        .select("name")
        .where("id", "=", access.accountId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("accounts")
        .set({ history_days: days })
        .where("id", "=", access.accountId)
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "account.history_changed",
        target: { type: "account", id: access.accountId, label: account.name },
        changes: { history_days: { before: before.days, after: days ?? before.defaultDays } },
      });
    });
  }
  return readAccountHistory(ctx.db, access.accountId, maxDays);
}
