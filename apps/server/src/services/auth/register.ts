import type { RegisterInput } from "@upwatch/core";
import { createAccount } from "../accounts/create-account.ts";
import type { AuthContext } from "./auth-context.ts";
import { EmailTakenError } from "./auth-errors.ts";
import type { SessionDevice } from "./create-session.ts";
import { hashPassword } from "./password-hash.ts";
import { ensureRegistrationOpen, INVITE_ONLY_REFUSAL } from "./registration-policy.ts";
import { signInUser } from "./sign-in-user.ts";
import type { SignedIn } from "./signed-in.ts";

/** The name of an account made by registering: its owner's address (names are at most 100 characters). */
export function accountNameFor(email: string): string {
  return email.slice(0, 100);
}

/**
 * Makes an account on the operator's plan for new accounts (Free unless DEFAULT_PLAN says
 * otherwise) owned by a new user with a password, named after the address, and signs
 * the user in. An address already in use is an EmailTakenError. Refused unless the server
 * takes sign-ups from anyone now (REGISTRATION=open, or first-account before the server has its
 * owner), before anything about the address is told.
 */
export async function register(
  ctx: AuthContext,
  input: RegisterInput,
  device: SessionDevice = {},
): Promise<SignedIn> {
  await ensureRegistrationOpen(ctx.db, ctx.registration);
  const emailTaken = async () =>
    Boolean(
      await ctx.db
        .selectFrom("users")
        .select("id")
        .where("email_key", "=", input.email.toLowerCase())
        .executeTakeFirst(),
    );
  if (await emailTaken()) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount(ctx, {
      name: accountNameFor(input.email),
      plan: ctx.newAccountPlan,
      ownerEmail: input.email,
      ownerPasswordHash: passwordHash,
      ...(ctx.registration === "first-account" ? { onlyAsServerOwner: INVITE_ONLY_REFUSAL } : {}),
    });
  } catch (error) {
    // Two registrations of one address at once: the unique address decides, the loser is told.
    if (await emailTaken()) throw new EmailTakenError();
    throw error;
  }
  return signInUser(ctx, ctx.db, created.userId, { device });
}
