import type { ServiceContext } from "../context.ts";
import { type LinkPurpose, signSubscriberToken } from "./signed-links.ts";

/** What the newsletter verbs need beyond storage: the link secret and where links point. */
export interface NewsletterContext extends ServiceContext {
  linkSecret: Buffer;
  /** Origin that serves `/email-subscriptions/...`, without a trailing slash. */
  linkBase: string;
}

/** The address of a signed confirm or unsubscribe link for one subscriber. */
export function subscriberLink(
  ctx: NewsletterContext,
  subscriberId: string,
  purpose: LinkPurpose,
): string {
  const token = signSubscriberToken(ctx.linkSecret, subscriberId, purpose);
  return `${ctx.linkBase}/email-subscriptions/${purpose}?token=${token}`;
}
