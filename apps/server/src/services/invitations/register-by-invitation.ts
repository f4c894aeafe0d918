import type { AuthContext } from "../auth/auth-context.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { ensureInvitedSignInAllowed } from "../auth/registration-policy.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { nextSignInStep, type SignInStep } from "../two-factor/next-sign-in-step.ts";
import { invitationByToken } from "./invitation-by-token.ts";
import { joinByInvitation } from "./join-by-invitation.ts";

/** The refusal of registering an address that already signs in. */
export const SIGN_IN_TO_ACCEPT =
  "This address already has a sign-in; sign in to accept the invitation.";

/**
 * Someone without a sign-in chooses a password through an invitation: the person is made with
 * the invited address (and no account of their own) and joins the account. Then they sign in
 * to it as after a password: when the account requires two-factor sign-in, they set it up
 * before their session starts. With REGISTRATION=closed nobody gets a new sign-in this way.
 */
export async function registerByInvitation(
  ctx: AuthContext,
  token: string,
  input: { password: string; clientAddress?: string; userAgent?: string },
): Promise<SignInStep> {
  const invitation = await invitationByToken(ctx.db, token, ctx.now());
  const taken = async () =>
    Boolean(
      await ctx.db
        .selectFrom("users")
        .select("id")
        .where("email_key", "=", invitation.emailKey)
        .executeTakeFirst(),
    );
  if (await taken()) throw new ServiceError("conflict", SIGN_IN_TO_ACCEPT);
  ensureInvitedSignInAllowed(ctx.registration, invitation.email);
  const passwordHash = await hashPassword(input.password);
  const userId = ctx.newId("usr");
  try {
    await storeOrExplain("your sign-in", () =>
      ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("users")
          .values({
            id: userId,
            account_id: invitation.accountId,
            email: invitation.email,
            email_key: invitation.emailKey,
            password_hash: passwordHash,
            created_at: ctx.now(),
          })
          .execute();
        await joinByInvitation(trx, ctx, invitation, {
          id: userId,
          email: invitation.email,
          clientAddress: input.clientAddress,
          userAgent: input.userAgent,
        });
      }),
    );
  } catch (error) {
    // Two registrations through one link at once: the unique address decides.
    if (!(error instanceof ServiceError) && (await taken())) {
      throw new ServiceError("conflict", SIGN_IN_TO_ACCEPT);
    }
    throw error;
  }
  const client = { clientAddress: input.clientAddress, userAgent: input.userAgent };
  return nextSignInStep(ctx, userId, "password", client, invitation.accountId);
}
