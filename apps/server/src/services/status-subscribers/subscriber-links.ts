import type { ServiceContext } from "../context.ts";
import {
  type LinkPurpose,
  readSubscriberToken,
  signSubscriberToken,
} from "../newsletter/signed-links.ts";

/** The name of the server secret status page subscriber links are signed with. */
export const STATUS_LINK_SECRET_NAME = "status-subscriber-links";

/** What the subscriber verbs need beyond storage: the link secret and where links point. */
export interface StatusSubscriberContext extends ServiceContext {
  linkSecret: Buffer;
  /** Origin that serves `/status/...`, without a trailing slash. */
  linkBase: string;
}

/** The address of a signed confirm or unsubscribe link for one subscriber of a page. */
export function statusSubscriberLink(
  ctx: Pick<StatusSubscriberContext, "linkSecret" | "linkBase">,
  slug: string,
  subscriberId: string,
  purpose: LinkPurpose,
): string {
  const token = signSubscriberToken(ctx.linkSecret, subscriberId, purpose);
  return `${ctx.linkBase}/status/${slug}/subscription/${purpose}?token=${token}`;
}

/** The public address of a page. */
export function statusPageLink(ctx: Pick<StatusSubscriberContext, "linkBase">, slug: string) {
  return `${ctx.linkBase}/status/${slug}`;
}

/** The subscriber a genuine token names, when it belongs to the page with that slug. */
export async function subscriberOfToken(
  ctx: StatusSubscriberContext,
  slug: string,
  token: string,
  purpose: LinkPurpose,
) {
  const id = readSubscriberToken(ctx.linkSecret, token, purpose);
  if (!id) return undefined;
  return ctx.db
    .selectFrom("status_subscribers as s")
    .innerJoin("status_pages as p", "p.id", "s.page_id")
    .select(["s.id", "s.status", "s.page_id", "p.name as page_name"])
    .where("s.id", "=", id)
    .where("p.slug", "=", slug)
    .executeTakeFirst();
}
