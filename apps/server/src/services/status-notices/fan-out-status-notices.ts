import type { StatusNoticeTable } from "@upwatch/db";
import { statusNoticeMail } from "../../mail/messages/status-subscription.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import {
  type StatusSubscriberContext,
  statusPageLink,
  statusSubscriberLink,
} from "../status-subscribers/subscriber-links.ts";

/** Subscribers queued per notice and transaction: a large page is mailed in several steps. */
export const NOTICE_BATCH_SIZE = 200;
const NOTICES_PER_RUN = 20;

/**
 * Queues the mails of pending notices in the outbox, a batch of subscribers per transaction,
 * resuming after the last subscriber queued. Mail ids name the notice and subscriber, so a
 * batch repeated after a crash adds nothing twice. Answers how many mails were queued.
 */
export async function fanOutStatusNotices(
  ctx: StatusSubscriberContext,
  batchSize = NOTICE_BATCH_SIZE,
): Promise<number> {
  let queued = 0;
  for (;;) {
    const notices = await ctx.db
      .selectFrom("status_notices")
      .selectAll()
      .where("done_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .limit(NOTICES_PER_RUN)
      .execute();
    if (notices.length === 0) return queued;
    for (const notice of notices) queued += await fanOutBatch(ctx, notice, batchSize);
  }
}

async function fanOutBatch(
  ctx: StatusSubscriberContext,
  notice: StatusNoticeTable,
  batchSize: number,
): Promise<number> {
  return ctx.transact(async (trx) => {
    const page = await trx
      .selectFrom("status_pages")
      .select(["slug"])
      .where("id", "=", notice.page_id)
      .executeTakeFirst();
    let query = trx
      .selectFrom("status_subscribers")
      .select(["id", "email"])
      .where("page_id", "=", notice.page_id)
      .where("status", "=", "confirmed")
      .where("confirmed_at", "<=", notice.created_at)
      .orderBy("id")
      .limit(batchSize);
    if (notice.subscriber_cursor) query = query.where("id", ">", notice.subscriber_cursor);
    const subscribers = page ? await query.execute() : [];
    for (const subscriber of subscribers) {
      const mail = statusNoticeMail(subscriber.email, notice, {
        pageUrl: statusPageLink(ctx, page?.slug ?? ""),
        unsubscribeUrl: statusSubscriberLink(ctx, page?.slug ?? "", subscriber.id, "unsubscribe"),
      });
      await enqueueMail(
        trx,
        ctx,
        `status-${notice.kind}`,
        mail,
        `smail_${notice.id}_${subscriber.id}`,
      );
    }
    const last = subscribers.at(-1);
    await trx
      .updateTable("status_notices")
      .set({
        subscriber_cursor: last?.id ?? notice.subscriber_cursor,
        done_at: subscribers.length < batchSize ? ctx.now() : null,
      })
      .where("id", "=", notice.id)
      .execute();
    return subscribers.length;
  });
}
