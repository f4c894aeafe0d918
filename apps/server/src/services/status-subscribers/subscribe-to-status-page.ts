import { getPlan, type PlanId, SLUG_PATTERN } from "@upwatch/core";
import type { Database, StatusSubscriberTable } from "@upwatch/db";
import type { Transaction } from "kysely";
import { statusConfirmationMail } from "../../mail/messages/status-subscription.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import {
  type StatusSubscriberContext,
  statusPageLink,
  statusSubscriberLink,
} from "./subscriber-links.ts";

/** A pending address gets at most one confirmation mail in this period, however often it is entered. */
export const STATUS_CONFIRMATION_RESEND_MS = 10 * 60_000;

export type StatusSubscribeOutcome = "confirmation-sent" | "already-pending" | "already-confirmed";

/**
 * Records an address for one page and sends the double opt-in mail. The same address on two
 * pages is two subscriptions; subscribing again on one page never makes a second row.
 */
export async function subscribeToStatusPage(
  ctx: StatusSubscriberContext,
  slug: string,
  email: string,
): Promise<StatusSubscribeOutcome> {
  if (!SLUG_PATTERN.test(slug)) {
    throw new ServiceError("not-found", "There is no status page at this address.");
  }
  const emailKey = email.toLowerCase();
  return storeOrExplain("your subscription", () =>
    ctx.transact(async (trx) => {
      const page = await trx
        .selectFrom("status_pages as p")
        .innerJoin("accounts as a", "a.id", "p.account_id")
        .select(["p.id", "p.name", "p.slug", "a.plan"])
        .where("p.slug", "=", slug)
        .executeTakeFirst();
      if (!page) throw new ServiceError("not-found", "There is no status page at this address.");
      const now = ctx.now();
      const existing = await findSubscriber(trx, page.id, emailKey);
      if (existing?.status === "confirmed") return "already-confirmed";
      const sentRecently =
        existing?.status === "pending" &&
        existing.confirmation_sent_at !== null &&
        now - Number(existing.confirmation_sent_at) < STATUS_CONFIRMATION_RESEND_MS;
      if (sentRecently) return "already-pending";
      if (existing?.status !== "pending") await requireRoom(trx, page.id, page.plan as PlanId);
      const id = await markPending(trx, ctx, { pageId: page.id, email, emailKey }, existing);
      const mail = statusConfirmationMail(existing?.email ?? email, page.name, {
        pageUrl: statusPageLink(ctx, page.slug),
        confirmUrl: statusSubscriberLink(ctx, page.slug, id, "confirm"),
        unsubscribeUrl: statusSubscriberLink(ctx, page.slug, id, "unsubscribe"),
      });
      await enqueueMail(trx, ctx, "status-subscription-confirmation", mail);
      return "confirmation-sent";
    }),
  );
}

/** Stores the address as pending (again); a concurrent first subscription adds no second row. */
async function markPending(
  trx: Transaction<Database>,
  ctx: Pick<StatusSubscriberContext, "now" | "newId">,
  address: { pageId: string; email: string; emailKey: string },
  existing: StatusSubscriberTable | undefined,
): Promise<string> {
  const now = ctx.now();
  if (!existing) {
    await trx
      .insertInto("status_subscribers")
      .values({
        id: ctx.newId("ssub"),
        page_id: address.pageId,
        email: address.email,
        email_key: address.emailKey,
        status: "pending",
        confirmation_sent_at: null,
        confirmed_at: null,
        unsubscribed_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(["page_id", "email_key"]).doNothing())
      .execute();
  }
  const row = existing ?? (await findSubscriber(trx, address.pageId, address.emailKey));
  if (!row) throw new Error("the subscriber row vanished inside its transaction");
  await trx
    .updateTable("status_subscribers")
    .set({ status: "pending", confirmation_sent_at: now, unsubscribed_at: null, updated_at: now })
    .where("id", "=", row.id)
    .execute();
  return row.id;
}

function findSubscriber(
  trx: Transaction<Database>,
  pageId: string,
  emailKey: string,
): Promise<StatusSubscriberTable | undefined> {
  return trx
    .selectFrom("status_subscribers")
    .selectAll()
    .where("page_id", "=", pageId)
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
}

async function requireRoom(trx: Transaction<Database>, pageId: string, plan: PlanId) {
  const limit = getPlan(plan).limits.subscribersPerPage;
  if (limit === null) return;
  const row = await trx
    .selectFrom("status_subscribers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("page_id", "=", pageId)
    .where("status", "in", ["pending", "confirmed"])
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= limit) {
    throw new ServiceError(
      "plan-limit",
      "This status page has as many subscribers as it can take. Please follow the page itself instead.",
    );
  }
}
