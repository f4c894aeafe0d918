import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { firstForeignId } from "../accounts/first-foreign-id.ts";
import { ServiceError } from "../service-error.ts";

/** Throws unless every id names one of the account's channels. */
export async function refuseForeignChannels(
  db: Kysely<Database>,
  accountId: string,
  channelIds: readonly string[],
): Promise<void> {
  const missing = await firstForeignId(db, "channels", accountId, channelIds);
  if (missing) {
    throw new ServiceError(
      "invalid",
      `channel_ids: there is no channel ${missing} in this account.`,
    );
  }
}
