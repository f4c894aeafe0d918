import type { statusPageRequestSchemas } from "@upwatch/api";
import type { StatusSubscriberTable } from "@upwatch/db";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { findOwnedPage } from "../status-pages/owned-page.ts";

export type SubscribersQuery = z.output<typeof statusPageRequestSchemas.subscribersQuery>;

/** The page's subscribers, oldest first, a page at a time (`nextAfter` continues). */
export async function listStatusSubscribers(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
  query: SubscribersQuery,
): Promise<{ subscribers: StatusSubscriberTable[]; total: number; nextAfter: string | null }> {
  const page = await findOwnedPage(ctx.db, access, pageId);
  let base = ctx.db.selectFrom("status_subscribers").where("page_id", "=", page.id);
  if (query.status) base = base.where("status", "=", query.status);
  const counted = await base
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  let select = base
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .limit(query.limit + 1);
  if (query.after) {
    const after = await ctx.db
      .selectFrom("status_subscribers")
      .select(["created_at", "id"])
      .where("id", "=", query.after)
      .where("page_id", "=", page.id)
      .executeTakeFirst();
    if (after) {
      select = select.where((eb) =>
        eb.or([
          eb("created_at", ">", after.created_at),
          eb.and([eb("created_at", "=", after.created_at), eb("id", ">", after.id)]),
        ]),
      );
    }
  }
  const rows = await select.execute();
  const shown = rows.slice(0, query.limit);
  return {
    subscribers: shown,
    total: Number(counted.count),
    nextAfter: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** Every subscriber of the page, oldest first, for the CSV export. */
export async function exportStatusSubscribers(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
): Promise<{ slug: string; subscribers: StatusSubscriberTable[] }> {
  const page = await findOwnedPage(ctx.db, access, pageId);
  const subscribers = await ctx.db
    .selectFrom("status_subscribers")
    .selectAll()
    .where("page_id", "=", page.id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return { slug: page.slug, subscribers };
}
