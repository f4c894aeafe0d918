import { randomBytes } from "node:crypto";
import type { Channel } from "@upwatch/api";
import {
  ALERT_SEVERITIES,
  type CreateChannelInput,
  channelType,
  encodeSeverities,
  linksOf,
} from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { channelAuditEvent } from "../audit/channel-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { needsConfirmation } from "./channel-confirmation-rules.ts";
import { setChannelMonitors } from "./channel-monitors.ts";
import { type StoredChannel, sealChannel, viewChannel } from "./channel-record.ts";
import {
  type ChannelDeps,
  enforceChannelConfig,
  enforceChannelCount,
  enforceChannelPlan,
} from "./channel-rules.ts";
import { queueChannelConfirmation } from "./queue-channel-confirmation.ts";

/** A webhook signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * Adds an alert channel within the plan's rules; webhook and Slack URLs must pass the network
 * guard. A webhook channel's signing secret is in this answer and only masked afterwards. An
 * e-mail channel to an address outside the account awaits its recipient's confirmation, asked
 * for by one mail.
 */
export async function createChannel(
  ctx: ServiceContext,
  deps: ChannelDeps,
  access: AccountAccess,
  input: CreateChannelInput,
): Promise<Channel> {
  enforceChannelPlan(access, input.type);
  await enforceChannelConfig(input.type, input.config as never, deps);
  await enforceChannelCount(ctx.db, access);
  const address = input.type === "email" ? input.config.address : undefined;
  const unconfirmed =
    address !== undefined && (await needsConfirmation(ctx.db, access.accountId, address));
  const at = ctx.now();
  const monitors = linksOf(input.monitor_ids, input.monitors);
  const channel: StoredChannel = {
    id: ctx.newId("chn"),
    account_id: access.accountId,
    type: input.type,
    name: input.name ?? channelType(input.type).defaultName(input.config as never),
    config: JSON.stringify(input.config),
    secret: input.type === "webhook" ? newSigningSecret() : null,
    attach_to_new_monitors: input.attach_to_new_monitors ? 1 : 0,
    created_at: at,
    updated_at: at,
    confirmed_at: unconfirmed ? null : at,
    confirmation_token_hash: null,
    confirmation_sent_at: null,
    new_monitor_severities: encodeSeverities(input.new_monitor_severities ?? ALERT_SEVERITIES),
    quiet_hours: input.quiet_hours ? JSON.stringify(input.quiet_hours) : null,
  };
  await storeOrExplain("the channel", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto("channels").values(sealChannel(channel, ctx.secrets)).execute();
      if (unconfirmed && address !== undefined) {
        await queueChannelConfirmation(
          trx,
          ctx,
          access,
          { id: channel.id, address },
          deps.confirmLinkBase,
        );
      }
      if (monitors) await setChannelMonitors(trx, access.accountId, channel.id, monitors);
      await recordAuditEvent(
        trx,
        ctx,
        access.accountId,
        actorOf(access),
        channelAuditEvent("channel.created", null, channel),
      );
    }),
  );
  const sorted = [...(monitors ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return viewChannel(channel, sorted, access.plan, true);
}
