import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";

/** The embedded database's file in the data folder. */
export function sqliteDatabaseFile(dataDir: string): string {
  return join(dataDir, "upwatch.db");
}

/**
 * Copies the embedded database into a new file while the server keeps writing: `VACUUM INTO`
 * reads one snapshot in a single read transaction, which WAL mode lets writers work beside.
 * The online backup API would restart its copy at every write made by another process.
 */
export function copySqliteDatabase(dataDir: string, target: string): void {
  const file = new SqliteDatabase(sqliteDatabaseFile(dataDir), { fileMustExist: true });
  try {
    file.pragma("busy_timeout = 5000");
    file.prepare("VACUUM INTO ?").run(target);
  } finally {
    file.close();
  }
}

/** What a copy of the embedded database holds, read without changing a byte of it. */
export interface SqliteCopyReport {
  /** The last schema migration applied, or undefined when there is none. */
  migration: string | undefined;
  /** SQLite's integrity check: empty when the file is sound. */
  problems: string[];
}

/** Checks a copy of the embedded database and names the schema migration it reached. */
export function inspectSqliteCopy(file: string): SqliteCopyReport {
  const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const problems = (copy.pragma("integrity_check") as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .filter((line) => line !== "ok");
    const table = copy
      .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    const last = table
      ? (copy.prepare("select max(name) as name from kysely_migration").get() as {
          name: string | null;
        })
      : undefined;
    return { migration: last?.name ?? undefined, problems };
  } finally {
    copy.close();
  }
}
