import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AuthContext } from "../auth/auth-context.ts";
import type { ServiceContext } from "../context.ts";
import { mailTwoFactorChange } from "./mail-two-factor-change.ts";
import { type ClientOf, recordPersonEvent } from "./record-person-event.ts";
import { replaceRecoveryCodes } from "./recovery-codes.ts";
import { verifySecondFactor } from "./verify-second-factor.ts";

/**
 * Confirms the waiting secret with a first code and turns two-factor sign-in on; answers the
 * ten recovery codes, which are shown this once. Inside the caller's transaction when given one
 * (`db`), after the code was checked with `ctx.db`.
 */
export async function enableTwoFactor(
  ctx: Pick<AuthContext, "db" | "now" | "newId" | "secrets" | "transact" | "appUrl">,
  userId: string,
  code: string,
  client: ClientOf,
): Promise<string[]> {
  await verifySecondFactor(ctx.db, ctx, userId, { code }, { pending: true });
  return ctx.transact((trx) => turnOn(trx, ctx, userId, client));
}

/**
 * Marks two-factor on, makes recovery codes, records it and mails the person, in the given
 * transaction.
 */
export async function turnOn(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId"> & Pick<AuthContext, "appUrl">,
  userId: string,
  client: ClientOf,
): Promise<string[]> {
  await db
    .updateTable("two_factor")
    .set({ enabled_at: ctx.now() })
    .where("user_id", "=", userId)
    .execute();
  const codes = await replaceRecoveryCodes(db, ctx, userId);
  await recordPersonEvent(db, ctx, userId, client, { action: "two_factor.enabled" });
  await mailTwoFactorChange(db, ctx, userId, true);
  return codes;
}
