import { sealChannel } from "../channels/channel-record.ts";
import type { ServiceContext } from "../context.ts";

/**
 * The first alert channel of a new account: its owner's address, confirmed and used by new
 * monitors, so alerts work from the first monitor on. Sealed, ready to insert.
 */
export function ownerAlertChannel(
  ctx: Pick<ServiceContext, "newId" | "secrets">,
  accountId: string,
  email: string,
  at: number,
) {
  const channel = {
    id: ctx.newId("chn"),
    account_id: accountId,
    type: "email",
    name: email,
    config: JSON.stringify({ address: email }),
    secret: null,
    attach_to_new_monitors: 1,
    created_at: at,
    updated_at: at,
    confirmed_at: at,
    confirmation_token_hash: null,
    confirmation_sent_at: null,
  };
  return sealChannel(channel, ctx.secrets);
}
