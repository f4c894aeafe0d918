import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { keyIdOf, placeOf, type SecretBox } from "../../secrets/secret-box.ts";

/** Where the server keeps values it must read back: each is sealed for its table, column and row. */
export const SEALED_COLUMNS = [
  { table: "monitors", column: "options" },
  { table: "monitors", column: "plan_held" },
  { table: "channels", column: "config" },
  { table: "channels", column: "secret" },
  { table: "secure_variables", column: "value" },
  { table: "agent_tasks", column: "spec" },
  { table: "two_factor", column: "secret_sealed", key: "user_id" },
  { table: "sso_configs", column: "client_secret_sealed", key: "account_id" },
  { table: "heartbeats", column: "token_sealed", key: "monitor_id" },
  { table: "monitor_badges", column: "key_sealed", key: "monitor_id" },
] as const;

/** The column that identifies a sealed column's rows (and is bound into the seal): `id` unless named. */
const keyOf = (entry: (typeof SEALED_COLUMNS)[number]): string =>
  "key" in entry ? entry.key : "id";

/** Stored secrets sealed with keys this server does not hold: nothing was changed. */
export class UnreadableSecretsError extends Error {
  constructor(readonly keyIds: string[]) {
    super(
      `Stored secrets are sealed with key ${keyIds.join(", ")}, which this server does not hold.`,
    );
  }
}

type SealedTables = Record<string, { id: string; value: string | null }>;

/**
 * Seals every stored secret under the box's current key, in one transaction: plaintext from
 * before sealing existed and values sealed with an earlier key the box can still open. Values
 * already under the current key are left alone, so running it again changes nothing.
 */
export async function resealStoredSecrets(db: Kysely<Database>, box: SecretBox): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tables = trx as unknown as Kysely<SealedTables>;
    const work: { table: string; column: string; key: string; id: string; value: string }[] = [];
    const unreadable = new Set<string>();
    for (const entry of SEALED_COLUMNS) {
      const { table, column } = entry;
      // Only rows still to do: a start with everything sealed reads no secrets at all.
      const rows = await tables
        .selectFrom(table)
        .select([`${keyOf(entry)} as id` as "id", `${column} as value` as "value"])
        .where(column as "value", "is not", null)
        .where(column as "value", "not like", `${box.currentPrefix}%`)
        .execute();
      for (const { id, value } of rows) {
        if (value === null) continue;
        const keyId = keyIdOf(value);
        if (keyId !== undefined && !box.canOpen(keyId)) unreadable.add(keyId);
        else work.push({ table, column, key: keyOf(entry), id, value });
      }
    }
    if (unreadable.size) throw new UnreadableSecretsError([...unreadable].sort());
    for (const { table, column, key, id, value } of work) {
      const place = placeOf(table, column, id);
      await tables
        .updateTable(table)
        .set({ [column]: box.seal(box.open(value, place), place) } as never)
        .where(key as "id", "=", id)
        .execute();
    }
    return work.length;
  });
}
