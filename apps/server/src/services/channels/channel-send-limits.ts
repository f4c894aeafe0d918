import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

/** A channel is tested at most once in this long. */
export const CHANNEL_TEST_GAP_MS = 30_000;
/** A confirmation mail goes to one channel at most once in this long. */
export const CONFIRMATION_RESEND_GAP_MS = 10 * 60_000;
/** Tests and confirmation mails one account may send in any hour. */
export const CHANNEL_SENDS_PER_HOUR = 20;

const HOUR_MS = 3_600_000;
/** The longest window a send is counted in; older sends can be forgotten. */
export const CHANNEL_SEND_WINDOW_MS = HOUR_MS;

export type ChannelSendKind = "test" | "confirmation";

/**
 * Records a test or confirmation mail for the channel, or throws a rate-limited ServiceError when
 * the channel's gap or the account's hourly allowance does not allow it. Call it inside the
 * transaction that queues the send: the account's row is written first, so concurrent sends of
 * one account are counted one after the other.
 */
export async function recordChannelSend(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  access: Pick<AccountAccess, "accountId">,
  channelId: string,
  kind: ChannelSendKind,
): Promise<void> {
  const now = ctx.now();
  await trx
    .updateTable("accounts")
    .set({ id: sql<string>`id` })
    .where("id", "=", access.accountId)
    .execute();
  const gapMs = kind === "test" ? CHANNEL_TEST_GAP_MS : CONFIRMATION_RESEND_GAP_MS;
  const last = await trx
    .selectFrom("channel_sends")
    .select((eb) => eb.fn.max("sent_at").as("sent_at"))
    .where("channel_id", "=", channelId)
    .where("kind", "=", kind)
    .where("sent_at", ">", now - gapMs)
    .executeTakeFirst();
  if (last?.sent_at != null) {
    const seconds = secondsUntil(Number(last.sent_at) + gapMs, now);
    throw new ServiceError(
      "rate-limited",
      kind === "test"
        ? `This channel was tested a moment ago; wait ${inWords(seconds)} before the next test.`
        : `A confirmation mail went to this address a moment ago; wait ${inWords(seconds)} before sending another.`,
      { retryAfterSeconds: seconds },
    );
  }
  const hour = await trx
    .selectFrom("channel_sends")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.min("sent_at").as("oldest")])
    .where("account_id", "=", access.accountId)
    .where("sent_at", ">", now - HOUR_MS)
    .executeTakeFirst();
  if (Number(hour?.count ?? 0) >= CHANNEL_SENDS_PER_HOUR) {
    const seconds = secondsUntil(Number(hour?.oldest ?? now) + HOUR_MS, now);
    throw new ServiceError(
      "rate-limited",
      `This account has sent ${CHANNEL_SENDS_PER_HOUR} channel tests and confirmation mails in the last hour, the most allowed; try again in ${inWords(seconds)}.`,
      { retryAfterSeconds: seconds },
    );
  }
  await trx
    .insertInto("channel_sends")
    .values({
      id: ctx.newId("snd"),
      account_id: access.accountId,
      channel_id: channelId,
      kind,
      sent_at: now,
    })
    .execute();
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
