import { createHash } from "node:crypto";
import type { PostgresConnection } from "@upwatch/db";
import pg from "pg";

/** What the cluster parts log. */
export interface ClusterLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * A connection of its own to the app's database and schema, apart from the pool: a session
 * that holds a lock or listens must not be handed to other queries.
 */
export async function openDedicatedConnection(
  connection: PostgresConnection,
  applicationName: string,
): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: connection.url,
    application_name: applicationName,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    ...(connection.schema ? { options: `-c search_path=${connection.schema}` } : {}),
  });
  // A lost connection is reported through the `end` event; an unhandled error would end the process.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return client;
}

/**
 * A short name for the database and schema the client works in: processes sharing it form one
 * cluster, while other schemas on the same server (test runs, other installs) stay apart.
 */
export async function clusterNameOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ database: string; schema: string | null }>(
    "select current_database() as database, current_schema() as schema",
  );
  const place = `${rows[0]?.database ?? ""}/${rows[0]?.schema ?? "public"}`;
  return createHash("sha256").update(place).digest("hex").slice(0, 16);
}
