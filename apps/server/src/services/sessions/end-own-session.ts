import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { describeDevice } from "./describe-device.ts";
import { publicSessionId } from "./public-session-id.ts";

/** The person ending a session, and where their request came from. */
export interface SessionEnder {
  userId: string;
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * Ends one of a person's sessions by the id the list shows, recorded in the audit log of the
 * session's account; answers its stored id so its live streams can be closed. Another person's
 * session is not found.
 */
export async function endOwnSession(
  ctx: Pick<ServiceContext, "db" | "now" | "newId" | "transact">,
  who: SessionEnder,
  id: string,
): Promise<string> {
  const rows = await ctx.db
    .selectFrom("sessions")
    .select(["token_hash", "account_id", "user_agent"])
    .where("user_id", "=", who.userId)
    .execute();
  const session = rows.find((row) => publicSessionId(row.token_hash) === id);
  if (!session) throw new NotFoundError("session");
  await ctx.transact(async (trx) => {
    await trx.deleteFrom("sessions").where("token_hash", "=", session.token_hash).execute();
    await recordAuditEvent(
      trx,
      ctx,
      session.account_id,
      {
        kind: "user",
        userId: who.userId,
        ipAddress: who.clientAddress,
        userAgent: who.userAgent,
      },
      {
        action: "session.ended",
        target: { type: "session", id, label: describeDevice(session.user_agent) },
      },
    );
  });
  return session.token_hash;
}
