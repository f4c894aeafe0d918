import type { ServerNotice } from "@upwatch/api";
import { serverOwnerAccount } from "../accounts/server-owner.ts";
import type { ServiceContext } from "../context.ts";

/**
 * The operator's notices, for the people who run the server: the owners and admins of the
 * account that owns it, and the person whose address is OPERATOR_EMAIL. Nobody else is told.
 */
export async function noticesFor(
  ctx: ServiceContext,
  userId: string | undefined,
  notices: readonly ServerNotice[],
  operatorEmail: string | undefined,
): Promise<ServerNotice[]> {
  if (!notices.length || !userId) return [];
  return (await runsTheServer(ctx, userId, operatorEmail)) ? [...notices] : [];
}

async function runsTheServer(
  ctx: ServiceContext,
  userId: string,
  operatorEmail: string | undefined,
): Promise<boolean> {
  if (operatorEmail) {
    const user = await ctx.db
      .selectFrom("users")
      .select("email_key")
      .where("id", "=", userId)
      .executeTakeFirst();
    if (user?.email_key === operatorEmail.toLowerCase()) return true;
  }
  const owner = await serverOwnerAccount(ctx.db);
  if (!owner) return false;
  const membership = await ctx.db
    .selectFrom("memberships")
    .select("role")
    .where("account_id", "=", owner)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return membership?.role === "owner" || membership?.role === "admin";
}
