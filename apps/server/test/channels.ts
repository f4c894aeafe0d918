import type { TestDatabase } from "./databases.ts";

/**
 * Marks a channel as confirmed by its recipient, for tests about something else than the
 * confirmation itself (which channel-confirmation.test.ts covers through the link).
 */
export async function markChannelConfirmed(database: TestDatabase, channelId: string) {
  await database.handle.db
    .updateTable("channels")
    .set({ confirmed_at: Date.now(), confirmation_token_hash: null })
    .where("id", "=", channelId)
    .execute();
}
