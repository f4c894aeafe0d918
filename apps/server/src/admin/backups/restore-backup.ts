import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, open, rename } from "node:fs/promises";
import { basename, join } from "node:path";
import { holdDataDir, sqliteDatabaseFile } from "@upwatch/db";
import type { Config } from "../../config.ts";
import { nextSecretsKeyPath, secretsKeyPath } from "../../secrets/secrets-key-file.ts";
import { type BackupManifest, DATABASE_FILE, folderStamp, KEY_FILE } from "./backup-manifest.ts";
import { checkBackup } from "./check-backup.ts";

export interface RestoredBackup {
  manifest: BackupManifest;
  /** Where the files the restore replaced were moved, or undefined when there were none. */
  setAside: string | undefined;
}

/**
 * Puts a checked backup's database and key file into the data folder. Refused while a server
 * holds the folder, which it holds itself meanwhile so none can start; the files it replaces
 * (the database with its log, the key) are moved into a folder of their own, never deleted.
 */
export async function restoreBackup(
  config: Config,
  from: string,
  now: Date,
): Promise<RestoredBackup> {
  const manifest = await checkBackup(from);
  const { dataDir } = config;
  const hold = holdDataDir(dataDir);
  if (!hold) {
    throw new Error(`A server is using DATA_DIR ${dataDir}: stop it, then run restore again.`);
  }
  try {
    const setAside = await setAsideCurrentFiles(dataDir, now);
    await copyInPlace(join(from, DATABASE_FILE), sqliteDatabaseFile(dataDir));
    if (manifest.secretsKey?.source === "file") {
      await copyInPlace(join(from, KEY_FILE), secretsKeyPath(dataDir));
      await chmod(secretsKeyPath(dataDir), 0o600);
    }
    return { manifest, setAside };
  } finally {
    hold.release();
  }
}

/** The database with its write-ahead log must leave together: an old log would be replayed. */
async function setAsideCurrentFiles(dataDir: string, now: Date): Promise<string | undefined> {
  const database = sqliteDatabaseFile(dataDir);
  const present = [
    database,
    `${database}-wal`,
    `${database}-shm`,
    `${database}-journal`,
    secretsKeyPath(dataDir),
    nextSecretsKeyPath(dataDir),
  ].filter((path) => existsSync(path));
  if (present.length === 0) return undefined;
  const folder = join(dataDir, `replaced-by-restore-${folderStamp(now)}`);
  await mkdir(folder, { mode: 0o700 });
  for (const path of present) await rename(path, join(folder, basename(path)));
  return folder;
}

/** Copies under another name, flushes it to the disk, then renames it into place. */
async function copyInPlace(source: string, target: string): Promise<void> {
  const draft = `${target}.restoring`;
  await copyFile(source, draft);
  const file = await open(draft, "r+");
  try {
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(draft, target);
}
