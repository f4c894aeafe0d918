import { randomInt } from "node:crypto";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { hashToken } from "../auth/auth-tokens.ts";
import type { ServiceContext } from "../context.ts";

const COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newCode(): string {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${part()}-${part()}`;
}

/** A code as typed (any case, spaces or no dash) in the form it is hashed in. */
export function normaliseRecoveryCode(code: string): string {
  const compact = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

/** Replaces a person's recovery codes with ten new ones; only their hashes are stored. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  userId: string,
): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newCode);
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        id: ctx.newId("rec"),
        user_id: userId,
        code_hash: hashToken(code),
        created_at: ctx.now(),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/**
 * Uses up one of a person's recovery codes: true when it was theirs and unused. The update is
 * conditional, so two requests with the same code cannot both succeed.
 */
export async function useRecoveryCode(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  userId: string,
  code: string,
): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: ctx.now() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashToken(normaliseRecoveryCode(code)))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
