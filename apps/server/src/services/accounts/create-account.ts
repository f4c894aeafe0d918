import { PLAN_IDS, type PlanId } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { ownerAlertChannel } from "./owner-alert-channel.ts";
import { claimServerIfFirst } from "./server-owner.ts";

export interface CreateAccountInput {
  name: string;
  plan: string;
  ownerEmail: string;
  /** The owner's password hash when the owner registered; none when the operator made the account. */
  ownerPasswordHash?: string | null;
  /**
   * Made only if it is the server's first account (REGISTRATION=first-account): otherwise
   * refused with this sentence, decided in the same transaction so two at once cannot both win.
   */
  onlyAsServerOwner?: string;
}

export interface CreatedAccount {
  accountId: string;
  userId: string;
  plan: PlanId;
}

/**
 * Creates an account on a plan with its owner as the first user, and the owner's address as its
 * first alert channel, used by new monitors, so alerts work from the first monitor on. The
 * server's first account becomes its owner.
 */
export async function createAccount(
  ctx: ServiceContext,
  input: CreateAccountInput,
): Promise<CreatedAccount> {
  const name = input.name.trim();
  if (!name || name.length > 100) {
    throw new ServiceError("invalid", "The account name must be 1 to 100 characters.");
  }
  if (!isPlanId(input.plan)) {
    throw new ServiceError("invalid", `The plan must be one of ${PLAN_IDS.join(", ")}.`);
  }
  const email = input.ownerEmail.trim();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new ServiceError("invalid", "The owner's e-mail address is not valid.");
  }
  const existing = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", email.toLowerCase())
    .executeTakeFirst();
  if (existing)
    throw new ServiceError("invalid", `A user with the e-mail ${email} already exists.`);

  const accountId = ctx.newId("acc");
  const userId = ctx.newId("usr");
  const at = ctx.now();
  await storeOrExplain("the account", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("accounts")
        .values({ id: accountId, name, plan: input.plan, created_at: at })
        .execute();
      await trx
        .insertInto("users")
        .values({
          id: userId,
          account_id: accountId,
          email,
          email_key: email.toLowerCase(),
          password_hash: input.ownerPasswordHash ?? null,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto("memberships")
        .values({
          account_id: accountId,
          user_id: userId,
          role: "owner",
          custom_role_id: null,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto("channels")
        .values(ownerAlertChannel(ctx, accountId, email, at))
        .execute();
      const owner = await claimServerIfFirst(trx, accountId, at);
      if (input.onlyAsServerOwner && owner !== accountId) {
        throw new ServiceError("forbidden", input.onlyAsServerOwner);
      }
    }),
  );
  return { accountId, userId, plan: input.plan as PlanId };
}

/** Whether the text is one of the plan ids. */
export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
