import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { hashToken, newToken } from "../auth/auth-tokens.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

/** How long a sign-in waits for its second step, and how many tries it gets. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;

/** `two-factor`: a code is asked; `enrol`: the account requires two-factor and it is not set up. */
export type ChallengePurpose = "two-factor" | "enrol";

/** A sign-in between its password and its second step. */
export interface SignInChallenge {
  tokenHash: string;
  userId: string;
  method: string;
  accountId: string | null;
}

export const EXPIRED_SIGN_IN =
  "This sign-in has expired; enter your e-mail address and password again.";

/** Starts a second step for a person whose first step passed; the token goes to the browser. */
export async function createChallenge(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  challenge: { userId: string; purpose: ChallengePurpose; method: string; accountId?: string },
): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await db
    .insertInto("sign_in_challenges")
    .values({
      token_hash: hashToken(token),
      user_id: challenge.userId,
      purpose: challenge.purpose,
      method: challenge.method,
      account_id: challenge.accountId ?? null,
      attempts: 0,
      created_at: now,
      expires_at: now + CHALLENGE_LIFETIME_MS,
    })
    .execute();
  return token;
}

/** The live challenge behind a token, refused when unknown, expired, spent or for another step. */
export async function findChallenge(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  token: string,
  purpose: ChallengePurpose,
): Promise<SignInChallenge> {
  const row = await db
    .selectFrom("sign_in_challenges")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (
    !row ||
    row.purpose !== purpose ||
    row.expires_at <= ctx.now() ||
    row.attempts >= CHALLENGE_ATTEMPTS
  ) {
    throw new ServiceError("unauthenticated", EXPIRED_SIGN_IN);
  }
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    method: row.method,
    accountId: row.account_id,
  };
}

/**
 * Takes one of the challenge's five attempts before its code is checked; refused when none is
 * left. The update is conditional, so parallel guesses cannot share one attempt.
 */
export async function claimAttempt(db: Kysely<Database>, tokenHash: string): Promise<void> {
  const result = await db
    .updateTable("sign_in_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", tokenHash)
    .where("attempts", "<", CHALLENGE_ATTEMPTS)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new ServiceError("unauthenticated", EXPIRED_SIGN_IN);
  }
}

/** Uses the challenge up; a second request with the same token is refused. */
export async function consumeChallenge(db: Kysely<Database>, tokenHash: string): Promise<void> {
  const result = await db
    .deleteFrom("sign_in_challenges")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new ServiceError("unauthenticated", EXPIRED_SIGN_IN);
}
