import { getPlan, type PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

/**
 * Refuses one more person in the account when its plan's users (members and pending
 * invitations) are all taken. `countPending` is false when the newcomer's own invitation is
 * already among those counted.
 */
export async function requireRoomForAnotherUser(
  db: Kysely<Database>,
  account: { id: string; plan: PlanId },
  now: number,
  countPending = true,
): Promise<void> {
  const plan = getPlan(account.plan);
  const limit = plan.limits.users;
  if (limit === null) return;
  const taken = await countAccountUsers(db, account.id, now, countPending);
  if (taken + 1 <= limit) return;
  const noun = limit === 1 ? "user" : "users";
  throw new ServiceError(
    "plan-limit",
    `Your plan (${plan.name}) allows ${limit} ${noun}; the account has ${taken} (members and pending invitations). Remove one or upgrade to add more.`,
  );
}

/** The account's users as plans count them: members, and (unless told not to) pending invitations. */
export async function countAccountUsers(
  db: Kysely<Database>,
  accountId: string,
  now: number,
  countPending = true,
): Promise<number> {
  const members = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  if (!countPending) return Number(members.n);
  const pending = await db
    .selectFrom("invitations")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("account_id", "=", accountId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(pending.n);
}
