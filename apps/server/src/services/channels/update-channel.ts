import type { Channel } from "@upwatch/api";
import {
  type AlertChannel,
  channelType,
  describeMonitorIssue,
  encodeSeverities,
  linksOf,
  type UpdateChannelInput,
} from "@upwatch/core";
import { placeOf } from "../../secrets/secret-box.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { channelAuditEvent } from "../audit/channel-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { needsConfirmation } from "./channel-confirmation-rules.ts";
import { setChannelMonitors } from "./channel-monitors.ts";
import { configOf, keepMaskedConfig, openChannel } from "./channel-record.ts";
import { type ChannelDeps, enforceChannelConfig, enforceChannelPlan } from "./channel-rules.ts";
import { findChannel, getChannel } from "./get-channel.ts";
import { queueChannelConfirmation } from "./queue-channel-confirmation.ts";

/**
 * Changes a channel's name, settings (validated as new ones), default use, monitors or routing
 * (severities on new monitors, quiet hours; null quiet hours end them). A new
 * e-mail address outside the account awaits its recipient's confirmation, as a new channel does.
 */
export async function updateChannel(
  ctx: ServiceContext,
  deps: ChannelDeps,
  access: AccountAccess,
  channelId: string,
  patch: UpdateChannelInput,
): Promise<Channel> {
  const channel = await findChannel(ctx, access, channelId);
  const type = channel.type as AlertChannel;
  let config: string | undefined;
  let newAddress: string | undefined;
  if (patch.config) {
    enforceChannelPlan(access, type);
    const merged = keepMaskedConfig(type, patch.config, configOf(channel));
    const parsed = channelType(type).config.safeParse(merged);
    if (!parsed.success) throw new ServiceError("invalid", describeMonitorIssue(parsed.error));
    await enforceChannelConfig(type, parsed.data as never, deps);
    config = ctx.secrets.seal(
      JSON.stringify(parsed.data),
      placeOf("channels", "config", channel.id),
    );
    const address = (parsed.data as { address?: string }).address;
    if (type === "email" && address !== undefined && address !== configOf(channel).address) {
      newAddress = address;
    }
  }
  const unconfirmed =
    newAddress !== undefined && (await needsConfirmation(ctx.db, access.accountId, newAddress));
  await storeOrExplain("the channel", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("channels")
        .set({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(config === undefined ? {} : { config }),
          ...(patch.attach_to_new_monitors === undefined
            ? {}
            : { attach_to_new_monitors: patch.attach_to_new_monitors ? 1 : 0 }),
          ...(patch.new_monitor_severities === undefined
            ? {}
            : { new_monitor_severities: encodeSeverities(patch.new_monitor_severities) }),
          ...(patch.quiet_hours === undefined
            ? {}
            : { quiet_hours: patch.quiet_hours ? JSON.stringify(patch.quiet_hours) : null }),
          ...(newAddress === undefined || unconfirmed
            ? {}
            : { confirmed_at: ctx.now(), confirmation_token_hash: null }),
          updated_at: ctx.now(),
        })
        .where("id", "=", channel.id)
        .execute();
      if (unconfirmed && newAddress !== undefined) {
        const target = { id: channel.id, address: newAddress };
        await queueChannelConfirmation(trx, ctx, access, target, deps.confirmLinkBase);
      }
      const monitors = linksOf(patch.monitor_ids, patch.monitors);
      if (monitors) await setChannelMonitors(trx, access.accountId, channel.id, monitors);
      const stored = await trx
        .selectFrom("channels")
        .selectAll()
        .where("id", "=", channel.id)
        .executeTakeFirstOrThrow();
      await recordAuditEvent(
        trx,
        ctx,
        access.accountId,
        actorOf(access),
        channelAuditEvent("channel.updated", channel, openChannel(stored, ctx.secrets)),
      );
    }),
  );
  return getChannel(ctx, access, channel.id);
}
