import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";

/** Where a sign-in or a security change came from. */
export interface ClientOf {
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * Where a person's event is recorded: every account they belong to (two-factor turned on or
 * off), one account (the one a sign-in opened), or the account they sign in to by default (a
 * failed sign-in, which opened none). Recording a sign-in everywhere would tell each account
 * where else the person signs in.
 */
export type EventPlace = "every-account" | "default-account" | { accountId: string };

/** Records an event about a person's own sign-in security, as done by that person. */
export async function recordPersonEvent(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  userId: string,
  client: ClientOf,
  event: { action: string; method?: string; place?: EventPlace },
): Promise<void> {
  const person = await db
    .selectFrom("users")
    .select(["email", "account_id"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const place = event.place ?? "every-account";
  const memberships =
    place === "every-account"
      ? await db
          .selectFrom("memberships")
          .select("account_id")
          .where("user_id", "=", userId)
          .execute()
      : place === "default-account"
        ? person?.account_id
          ? [{ account_id: person.account_id }]
          : []
        : [{ account_id: place.accountId }];
  const label = person?.email ?? userId;
  for (const { account_id } of memberships) {
    await recordAuditEvent(
      db,
      ctx,
      account_id,
      {
        kind: "user",
        userId,
        label,
        ipAddress: client.clientAddress,
        userAgent: client.userAgent,
      },
      {
        action: event.action,
        target: { type: "user", id: userId, label },
        changes: event.method ? { method: { before: null, after: event.method } } : null,
      },
    );
  }
}
