import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { newTotpSecret, totpOf } from "./totp.ts";
import { sealTotpSecret } from "./two-factor-secret.ts";

/** A new secret to add to an authenticator app: as a QR code, an otpauth address and text. */
export interface TwoFactorSetup {
  otpauthUri: string;
  qrCode: string;
  secret: string;
}

/**
 * Makes a new secret for a person whose two-factor sign-in is not on yet, replacing one still
 * waiting for its first code. It takes effect only once a code from it is confirmed.
 */
export async function setUpTwoFactor(
  ctx: Pick<ServiceContext, "db" | "now" | "secrets">,
  userId: string,
): Promise<TwoFactorSetup> {
  const person = await ctx.db
    .selectFrom("users")
    .leftJoin("two_factor", "two_factor.user_id", "users.id")
    .select(["users.email", "two_factor.enabled_at"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!person) throw new ServiceError("unauthenticated", "You are not signed in.");
  if (person.enabled_at != null) {
    throw new ServiceError(
      "conflict",
      "Two-factor sign-in is already on; turn it off first to use another authenticator.",
    );
  }
  const secret = newTotpSecret();
  await storePendingSecret(ctx.db, ctx, userId, secret);
  const otpauthUri = totpOf(secret, person.email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1 });
  return {
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    secret,
  };
}

async function storePendingSecret(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "secrets">,
  userId: string,
  secret: string,
): Promise<void> {
  const sealed = sealTotpSecret(ctx.secrets, userId, secret);
  await db.deleteFrom("two_factor").where("user_id", "=", userId).execute();
  await db
    .insertInto("two_factor")
    .values({
      user_id: userId,
      secret_sealed: sealed,
      created_at: ctx.now(),
      enabled_at: null,
      last_used_step: null,
    })
    .execute();
}
