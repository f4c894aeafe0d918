import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@upwatch/db";
import { sql } from "kysely";
import pg from "pg";

export type Dialect = "SQLite" | "PostgreSQL";

export interface DatabaseBench {
  fill(handle: DatabaseHandle): Promise<void>;
  measure(dialect: Dialect, handle: DatabaseHandle): Promise<void>;
}

/**
 * Fills and measures a fresh SQLite database, then a fresh schema on TEST_DATABASE_URL (or the
 * default test server) when it answers, and removes both afterwards.
 */
export async function benchBothDatabases(name: string, bench: DatabaseBench): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `upwatch-bench-${name}-`));
  const sqlite = openDatabase({ dataDir });
  await migrateToLatest(sqlite);
  await bench.fill(sqlite);
  await bench.measure("SQLite", sqlite);
  await sqlite.close();
  rmSync(dataDir, { recursive: true, force: true });

  const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const postgres = openDatabase({ url, dataDir: tmpdir(), schema });
    await migrateToLatest(postgres);
    await bench.fill(postgres);
    await sql`vacuum analyze`.execute(postgres.db).catch(() => {});
    await bench.measure("PostgreSQL", postgres);
    await postgres.close();
    await admin.query(`drop schema ${schema} cascade`);
  } catch (error) {
    console.log(`PostgreSQL not measured: ${error instanceof Error ? error.message : error}`);
  } finally {
    await admin.end().catch(() => {});
  }
}
