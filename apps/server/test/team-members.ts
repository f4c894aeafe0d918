import type { PlanId, Role } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { hashToken } from "../src/services/auth/auth-tokens.ts";
import type { TestDatabase } from "./databases.ts";
import { registerUser, type TestSession } from "./sessions.ts";

/** Puts an account on a plan directly in the database. */
export async function setAccountPlan(
  database: TestDatabase,
  accountId: string,
  plan: PlanId,
): Promise<void> {
  await database.handle.db
    .updateTable("accounts")
    .set({ plan })
    .where("id", "=", accountId)
    .execute();
}

/**
 * A person signed in to `accountId` with `role`: registered through the API, given the
 * membership directly in the database, with the session moved to that account.
 */
export async function signedInMember(
  app: FastifyInstance,
  database: TestDatabase,
  accountId: string,
  role: Exclude<Role, "owner">,
  customRoleId: string | null = null,
): Promise<TestSession> {
  const session = await registerUser(app);
  const db = database.handle.db;
  await db
    .insertInto("memberships")
    .values({
      account_id: accountId,
      user_id: session.userId,
      role,
      custom_role_id: customRoleId,
      created_at: Date.now(),
    })
    .execute();
  await db
    .updateTable("users")
    .set({ account_id: accountId })
    .where("id", "=", session.userId)
    .execute();
  await db
    .updateTable("sessions")
    .set({ account_id: accountId })
    .where("token_hash", "=", hashToken(session.token))
    .execute();
  return { ...session, accountId };
}
