import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { StatusNoticeInput } from "../../mail/messages/status-notice-text.ts";
import type { ServiceContext } from "../context.ts";

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
