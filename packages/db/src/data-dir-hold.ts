import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";

/** A data folder held by this process until released (or until the process ends). */
export interface DataDirHold {
  release(): void;
}

/**
 * Holds the data folder for one process: a server while it runs, a restore while it replaces
 * the database. The hold is an exclusive SQLite lock on `server.lock`, which the operating
 * system drops when the process ends, however it ends. Answers undefined when already held.
 */
export function holdDataDir(dataDir: string): DataDirHold | undefined {
  mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(join(dataDir, "server.lock"), { timeout: 0 });
  try {
    file.pragma("locking_mode = EXCLUSIVE");
    file.exec("create table if not exists hold (since integer); begin exclusive; commit");
  } catch (error) {
    file.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") return undefined;
    throw error;
  }
  return { release: () => file.close() };
}
