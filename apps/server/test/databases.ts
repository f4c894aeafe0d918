import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, type DialectName, migrateToLatest, openDatabase } from "@upwatch/db";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";

/** A migrated database of its own for one suite, and how to throw it away. */
export interface TestDatabase {
  handle: DatabaseHandle;
  dialect: DialectName;
  /**
   * Opens this same database again (a second process, a restart); on PostgreSQL `url` may name
   * another way to the same server.
   */
  reopen(url?: string): DatabaseHandle;
  drop(): Promise<void>;
}

/** The dialects the integration suites run on: SQLite always, PostgreSQL when reachable. */
export function testDialects(): DialectName[] {
  return inject("postgresUrl") ? ["sqlite", "postgres"] : ["sqlite"];
}

/** Creates an empty, migrated database of the given dialect. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dataDir = mkdtempSync(join(tmpdir(), "upwatch-test-"));
    const open = () => openDatabase({ dataDir });
    const handle = open();
    await migrateToLatest(handle);
    return {
      handle,
      dialect,
      reopen: open,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = inject("postgresUrl");
  const schema = `${inject("postgresSchemaPrefix")}${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create schema ${schema}`);
  const open = (at = url) =>
    openDatabase({ url: at, dataDir: tmpdir(), schema, maxConnections: 5 });
  const handle = open();
  await migrateToLatest(handle);
  return {
    handle,
    dialect,
    reopen: (at) => open(at),
    // Dropped with the run's other schemas when it ends (see global-setup.ts).
    drop: async () => {},
  };
}

/**
 * Declares the suite once per dialect, each on a fresh database, so the same assertions hold on
 * SQLite and on PostgreSQL.
 */
export function describeEachDatabase(name: string, suite: (db: () => TestDatabase) => void): void {
  for (const dialect of testDialects()) {
    describe(`${name} on ${dialect}`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(dialect);
      });
      afterAll(async () => {
        await database?.handle.close().catch(() => {});
        await database?.drop();
      });
      suite(() => {
        if (!database) throw new Error("The test database is not ready yet.");
        return database;
      });
    });
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
