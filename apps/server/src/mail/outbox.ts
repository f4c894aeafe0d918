import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { OutgoingMail } from "./outgoing-mail.ts";

/** What queuing a mail takes from its caller: the clock and new ids (a service context has both). */
export interface MailQueueing {
  now(): number;
  newId(prefix: string): string;
}

/** Adds a mail to the outbox inside the caller's transaction; the worker sends it later. */
export async function enqueueMail(
  trx: Transaction<Database> | Kysely<Database>,
  ctx: MailQueueing,
  kind: string,
  mail: OutgoingMail,
  /** A given id makes the call idempotent: a second mail with the same id is not added. */
  id = ctx.newId("mail"),
): Promise<string> {
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
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return id;
}
