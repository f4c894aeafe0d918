import { WrongCurrentPasswordError } from "../auth/auth-errors.ts";
import { verifyPassword } from "../auth/password-hash.ts";
import type { ServiceContext } from "../context.ts";

/** Refuses a security change when the password given is not the person's. */
export async function confirmPassword(
  ctx: Pick<ServiceContext, "db">,
  userId: string,
  password: string,
): Promise<void> {
  const user = await ctx.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!(await verifyPassword(password, user?.password_hash ?? null))) {
    throw new WrongCurrentPasswordError();
  }
}
