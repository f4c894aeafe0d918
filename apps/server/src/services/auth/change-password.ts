import type { AuthContext } from "./auth-context.ts";
import { WrongCurrentPasswordError } from "./auth-errors.ts";
import { endOtherSessions } from "./end-other-sessions.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";

/**
 * Changes a signed-in user's password after checking the current one. Every other session of the
 * user ends and unused reset links stop working; this session stays signed in.
 */
export async function changePassword(
  ctx: AuthContext,
  session: { userId: string; sessionId: string },
  input: { current_password: string; new_password: string },
): Promise<void> {
  const user = await ctx.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!(await verifyPassword(input.current_password, user?.password_hash ?? null))) {
    throw new WrongCurrentPasswordError();
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", session.userId)
      .execute();
    await trx
      .updateTable("password_resets")
      .set({ used_at: ctx.now() })
      .where("user_id", "=", session.userId)
      .where("used_at", "is", null)
      .execute();
    await endOtherSessions(trx, session.userId, session.sessionId);
  });
}
