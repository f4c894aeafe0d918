import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { useRecoveryCode } from "./recovery-codes.ts";
import { stepOfCode } from "./totp.ts";
import { openTotpSecret } from "./two-factor-secret.ts";

/** A code from the authenticator app, or a recovery code instead. */
export interface SecondFactor {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

export const WRONG_CODE = "That code is not correct; check your authenticator app and try again.";
export const WRONG_RECOVERY_CODE = "That recovery code is not correct or was already used.";
export const CODE_REPLAYED = "This code was just used; wait for the next one.";

/**
 * Checks a second factor of a person whose two-factor sign-in is on (or, with `pending`, being
 * set up): a code right for the current step (±1) and newer than the last one taken, or an
 * unused recovery code, which is used up. Throws a ServiceError with the reason otherwise.
 * Returns which kind was used.
 */
export async function verifySecondFactor(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "secrets">,
  userId: string,
  factor: SecondFactor,
  options: { pending?: boolean } = {},
): Promise<"code" | "recovery_code"> {
  const row = await db
    .selectFrom("two_factor")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const on =
    row !== undefined && (options.pending ? row.enabled_at === null : row.enabled_at !== null);
  if (!row || !on) {
    throw new ServiceError(
      "conflict",
      options.pending
        ? "Start setting up two-factor sign-in again; no new secret is waiting for its first code."
        : "Two-factor sign-in is not on.",
    );
  }
  if (factor.recovery_code !== undefined && !options.pending) {
    if (await useRecoveryCode(db, ctx, userId, factor.recovery_code)) return "recovery_code";
    throw new ServiceError("forbidden", WRONG_RECOVERY_CODE);
  }
  const step = stepOfCode(
    openTotpSecret(ctx.secrets, userId, row.secret_sealed),
    factor.code ?? "",
    ctx.now(),
  );
  if (step === undefined) throw new ServiceError("forbidden", WRONG_CODE);
  // Conditional, so the same code sent twice at once is taken only once.
  const taken = await db
    .updateTable("two_factor")
    .set({ last_used_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw new ServiceError("forbidden", CODE_REPLAYED);
  return "code";
}
