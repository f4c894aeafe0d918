import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { DatabaseHandle } from "./connect.ts";
import { withCurrentSchemaIntrospection } from "./current-schema-introspector.ts";
import { migrations } from "./migrations/index.ts";

class BundledMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** The migrator of the bundled migrations, keeping its bookkeeping beside the tables. */
export async function createMigrator(handle: DatabaseHandle): Promise<Migrator> {
  return new Migrator({
    db: handle.dialect === "postgres" ? withCurrentSchemaIntrospection(handle.db) : handle.db,
    provider: new BundledMigrations(),
    migrationTableSchema: await currentSchema(handle),
  });
}

/** The names of the migrations this version brings, in the order they apply. */
export function bundledMigrationNames(): string[] {
  return Object.keys(migrations).sort();
}

/** Brings the schema up to date; safe to call on every start. Returns the names applied now. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = await createMigrator(handle);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === "Error");
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${describe(error)}`);
  }
  return results.map((result) => result.migrationName);
}

/** PostgreSQL only: the schema new tables land in, so the bookkeeping tables sit beside them. */
async function currentSchema(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.dialect !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    handle.db,
  );
  return rows[0]?.schema;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
