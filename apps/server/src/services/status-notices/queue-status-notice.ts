import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { ServiceContext } from "../context.ts";

export type StatusNoticeKind =
  | "incident-opened"
  | "incident-updated"
  | "incident-resolved"
  | "maintenance-scheduled"
  | "maintenance-rescheduled"
  | "maintenance-cancelled"
  | "maintenance-started"
  | "maintenance-completed";

export interface StatusNoticeInput {
  pageId: string;
  kind: StatusNoticeKind;
  subject: string;
  body: string;
}

/** Stores a notice for the page's confirmed subscribers in the transaction of its cause. */
export async function queueStatusNotice(
  trx: Transaction<Database> | Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  notice: StatusNoticeInput,
): Promise<string> {
  const id = ctx.newId("notice");
  await trx
    .insertInto("status_notices")
    .values({
      id,
      page_id: notice.pageId,
      kind: notice.kind,
      subject: notice.subject,
      body: notice.body,
      subscriber_cursor: null,
      done_at: null,
      created_at: ctx.now(),
    })
    .execute();
  return id;
}
