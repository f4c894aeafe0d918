import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { ServiceContext } from "../services/context.ts";
import type { OutgoingMail } from "./outgoing-mail.ts";

/** Adds a mail to the outbox inside the caller's transaction; the worker sends it later. */
export async function enqueueMail(
  trx: Transaction<Database> | Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  kind: string,
  mail: OutgoingMail,
): Promise<string> {
  const id = ctx.newId("mail");
  const now = ctx.now();
  await trx
    .insertInto("outbox")
    .values({
      id,
      kind,
      recipient: mail.to,
      message: JSON.stringify(mail),
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      claim_token: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  return id;
}
