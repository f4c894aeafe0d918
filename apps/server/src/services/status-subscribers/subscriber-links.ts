import { SLUG_PATTERN } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import {
  type LinkPurpose,
  readSubscriberToken,
  signSubscriberToken,
} from "../newsletter/signed-links.ts";
import { whiteLabelInForce } from "../status-pages/white-label-plans.ts";

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

/** The page a subscriber belongs to, as its subscription pages show it. */
export interface SubscriptionPage {
  name: string;
  slug: string;
  whiteLabel: boolean;
}

/** What a token names: nothing for a link not genuine; a genuine one's subscriber may be gone. */
export type TokenHolder =
  | { genuine: false }
  | {
      genuine: true;
      subscriber: { id: string; status: string; page: SubscriptionPage } | undefined;
    };

/**
 * The subscriber a genuine token names. The signed id alone finds them, so links in mail sent
 * before the page's slug changed keep working; the slug in the address is only for people.
 */
export async function subscriberOfToken(
  ctx: StatusSubscriberContext,
  token: string,
  purpose: LinkPurpose,
): Promise<TokenHolder> {
  const id = readSubscriberToken(ctx.linkSecret, token, purpose);
  if (!id) return { genuine: false };
  const row = await ctx.db
    .selectFrom("status_subscribers as s")
    .innerJoin("status_pages as p", "p.id", "s.page_id")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["s.id", "s.status", "p.name", "p.slug", "p.white_label", "a.plan"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return { genuine: true, subscriber: undefined };
  const page = { name: row.name, slug: row.slug, whiteLabel: hidesPoweredBy(row) };
  return { genuine: true, subscriber: { id: row.id, status: row.status, page } };
}

/** The page at a slug, as the subscription pages show it; undefined when there is none. */
export async function subscriptionPage(
  ctx: Pick<StatusSubscriberContext, "db">,
  slug: string,
): Promise<SubscriptionPage | undefined> {
  if (!SLUG_PATTERN.test(slug)) return undefined;
  const row = await ctx.db
    .selectFrom("status_pages as p")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["p.name", "p.slug", "p.white_label", "a.plan"])
    .where("p.slug", "=", slug)
    .executeTakeFirst();
  return row && { name: row.name, slug: row.slug, whiteLabel: hidesPoweredBy(row) };
}

/** Whether the page hides "Powered by Upwatch": asked for, and on a plan with white-label. */
function hidesPoweredBy(row: { white_label: number; plan: string }): boolean {
  return Number(row.white_label) === 1 && whiteLabelInForce(row.plan);
}
