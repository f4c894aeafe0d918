import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { hashToken, newToken } from "../auth/auth-tokens.ts";
import type { ServiceContext } from "../context.ts";

/** How long a browser refused by single sign-on has to sign in with the password and link. */
export const SSO_LINK_LIFETIME_MS = 15 * 60_000;

/** A provider identity waiting for its person's own sign-in. */
export interface PendingSsoLink {
  accountId: string;
  subject: string;
  userId: string;
}

/** Remembers a provider identity to link once its person signs in; the token goes to the browser. */
export async function createPendingSsoLink(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  link: PendingSsoLink,
): Promise<string> {
  const now = ctx.now();
  await trx.deleteFrom("sso_pending_links").where("expires_at", "<", now).execute();
  const token = newToken();
  await trx
    .insertInto("sso_pending_links")
    .values({
      token_hash: hashToken(token),
      account_id: link.accountId,
      subject: link.subject,
      user_id: link.userId,
      created_at: now,
      expires_at: now + SSO_LINK_LIFETIME_MS,
    })
    .execute();
  return token;
}

/** Uses a pending link up: answers it while it lasts, and never again. */
export async function takePendingSsoLink(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  token: string,
): Promise<PendingSsoLink | undefined> {
  if (!token || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const row = await trx
    .selectFrom("sso_pending_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await trx
    .deleteFrom("sso_pending_links")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1 || row.expires_at <= ctx.now()) return undefined;
  return { accountId: row.account_id, subject: row.subject, userId: row.user_id };
}
