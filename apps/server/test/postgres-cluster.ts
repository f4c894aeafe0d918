import type { PostgresConnection } from "@upwatch/db";
import { afterAll, beforeAll, describe } from "vitest";
import { clusterNameOf, openDedicatedConnection } from "../src/cluster/dedicated-connection.ts";
import { leaderLockKey } from "../src/cluster/leadership.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "./databases.ts";

/**
 * Declares a suite of several server processes sharing one PostgreSQL schema of its own; the
 * suite is left out only when the run has no PostgreSQL (which global-setup.ts reports loudly).
 */
export function describeOnPostgres(
  name: string,
  suite: (db: () => TestDatabase & { connection: PostgresConnection }) => void,
): void {
  if (!testDialects().includes("postgres")) return;
  describe(`${name} on postgres`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase("postgres");
    });
    afterAll(async () => {
      await database?.handle.close().catch(() => {});
      await database?.drop();
    });
    suite(() => {
      const connection = database?.handle.postgres;
      if (!database || !connection) throw new Error("The test database is not ready yet.");
      return { ...database, connection };
    });
  });
}

/** Ends the server session that holds the cluster's leader lock, as if its process had died. */
export async function terminateLeaderSession(connection: PostgresConnection): Promise<number> {
  const client = await openDedicatedConnection(connection, "test");
  try {
    const [classId, objectId] = leaderLockKey(await clusterNameOf(client));
    const { rows } = await client.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_locks
        where locktype = 'advisory' and granted and objsubid = 2
          and classid::int8 = $1 and objid::int8 = $2`,
      [classId, objectId],
    );
    return rows.length;
  } finally {
    await client.end();
  }
}

/** Ends the server sessions of one application name, as a network failure would. */
export async function terminateSessionsNamed(
  connection: PostgresConnection,
  applicationName: string,
): Promise<number> {
  const client = await openDedicatedConnection(connection, "test");
  try {
    const { rows } = await client.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [applicationName],
    );
    return rows.length;
  } finally {
    await client.end();
  }
}
