import { randomBytes } from "node:crypto";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/**
 * A random secret made on first start and kept in the database, so every server process
 * sharing the database signs and checks links alike without any configuration.
 */
export async function loadServerSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto("server_secrets")
    .values({ name, value: randomBytes(32).toString("base64"), created_at: Date.now() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}
