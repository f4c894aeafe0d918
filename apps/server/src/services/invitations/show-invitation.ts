import type { ServiceContext } from "../context.ts";
import { invitationByToken, type OpenInvitation } from "./invitation-by-token.ts";

/** What an invitation link offers, and whether its address already signs in. */
export async function showInvitation(
  ctx: ServiceContext,
  token: string,
): Promise<OpenInvitation & { hasPerson: boolean }> {
  const invitation = await invitationByToken(ctx.db, token, ctx.now());
  const person = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", invitation.emailKey)
    .executeTakeFirst();
  return { ...invitation, hasPerson: Boolean(person) };
}
