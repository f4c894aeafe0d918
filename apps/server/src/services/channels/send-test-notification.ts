import type { AlertChannel } from "@upwatch/core";
import { buildTestMessage } from "../../alerting/index.ts";
import type { DeliveryAttempt } from "../../records/delivery-attempt.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { enforceChannelPlan } from "./channel-rules.ts";
import { recordChannelSend } from "./channel-send-limits.ts";
import { findChannel } from "./get-channel.ts";

/** The delivery log's attempts as they are made in this process. */
export interface LoggedAttempts {
  /** The notification's next logged attempt, or null when none comes within `timeoutMs`. */
  waitFor(notificationId: string, timeoutMs: number): Promise<DeliveryAttempt | null>;
}

export interface TestSendDeps {
  attempts: LoggedAttempts;
  /** Wakes the delivery worker. */
  queued(): void;
  /** How long to wait for the attempt before answering that it is still under way. */
  waitMs: number;
}

export interface TestSend {
  notificationId: string;
  /** The attempt, or null when it had not happened within the wait. */
  attempt: DeliveryAttempt | null;
}

/**
 * Queues a `test` notification for the channel like any other, and waits for its attempt. A
 * channel is tested at most once in 30 seconds and an account sends a limited number of tests an
 * hour; a channel awaiting its recipient's confirmation cannot be tested.
 */
export async function sendTestNotification(
  ctx: ServiceContext,
  deps: TestSendDeps,
  access: AccountAccess,
  channelId: string,
): Promise<TestSend> {
  const channel = await findChannel(ctx, access, channelId);
  enforceChannelPlan(access, channel.type as AlertChannel);
  if (channel.confirmed_at === null) {
    throw new ServiceError(
      "conflict",
      "This address has not confirmed that it wants these alerts yet, so it cannot be tested. Its recipient needs to follow the link in the confirmation mail.",
    );
  }
  const id = ctx.newId("msg");
  const at = ctx.now();
  const attempt = deps.attempts.waitFor(id, deps.waitMs);
  await storeOrExplain("the test", () =>
    ctx.db.transaction().execute(async (trx) => {
      await recordChannelSend(trx, ctx, access, channel.id, "test");
      await trx
        .insertInto("notifications")
        .values({
          id,
          account_id: access.accountId,
          channel_id: channel.id,
          channel_type: channel.type,
          alert_id: null,
          monitor_id: null,
          event: "test",
          message: JSON.stringify(buildTestMessage(at, channel.name)),
          status: "pending",
          attempts: 0,
          locked_until: null,
          claim_token: null,
          created_at: at,
          finished_at: null,
        })
        .execute();
    }),
  );
  deps.queued();
  return { notificationId: id, attempt: await attempt };
}
