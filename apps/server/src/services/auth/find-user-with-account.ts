import { isBuiltInRole, type Role } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../accounts/create-account.ts";
import type { MembershipSummary, SignedInView } from "./signed-in.ts";

/**
 * A person and one account of theirs as the session answers show them: the given account, or
 * else the one they sign in to by default (`users.account_id`) while they are still a member of
 * it, else their oldest membership. Undefined when the person is gone or belongs nowhere (or not
 * to the given account).
 */
export async function findUserWithAccount(
  db: Kysely<Database>,
  userId: string,
  accountId?: string,
): Promise<Omit<SignedInView, "csrfToken" | "membership"> | undefined> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "account_id"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .select(["accounts.id", "accounts.name", "accounts.plan", "memberships.role"])
    .where("memberships.user_id", "=", userId)
    .orderBy("memberships.created_at")
    .orderBy("accounts.id")
    .execute();
  const wanted = accountId ?? user.account_id;
  const chosen = accountId
    ? rows.find((row) => row.id === wanted)
    : (rows.find((row) => row.id === wanted) ?? rows[0]);
  if (!chosen || !isPlanId(chosen.plan)) return undefined;
  return {
    user: { id: user.id, email: user.email },
    account: { id: chosen.id, name: chosen.name, plan: chosen.plan },
    accounts: rows.map(
      (row): MembershipSummary => ({ id: row.id, name: row.name, role: roleOf(row.role) }),
    ),
  };
}

function roleOf(stored: string): Role {
  return isBuiltInRole(stored) ? stored : "custom";
}
