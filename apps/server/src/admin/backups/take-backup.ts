import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { PRODUCT_NAME } from "@upwatch/core";
import { copySqliteDatabase, inspectSqliteCopy, sqliteDatabaseFile } from "@upwatch/db";
import type { Config } from "../../config.ts";
import {
  nextSecretsKeyPath,
  readSecretsKeyFile,
  secretsKeyPath,
} from "../../secrets/secrets-key-file.ts";
import {
  type BackupFile,
  type BackupManifest,
  DATABASE_FILE,
  describeFile,
  folderStamp,
  KEY_FILE,
  writeManifest,
} from "./backup-manifest.ts";
import { productVersion } from "./product-version.ts";

export interface TakenBackup {
  folder: string;
  manifest: BackupManifest;
}

/**
 * Takes a backup of the embedded database and the secrets key into a new folder under `into`,
 * while the server keeps running. The folder gets its name only once complete, manifest last.
 */
export async function takeBackup(config: Config, into: string, now: Date): Promise<TakenBackup> {
  const { dataDir } = config;
  if (!existsSync(sqliteDatabaseFile(dataDir))) {
    throw new Error(
      `There is no database in ${dataDir}: set DATA_DIR to the folder the server uses.`,
    );
  }
  if (!config.secretsKey && existsSync(nextSecretsKeyPath(dataDir))) {
    throw new Error(
      `${nextSecretsKeyPath(dataDir)} is left from an unfinished key rotation: start the server once, which settles it, then take the backup.`,
    );
  }
  // Named by the time in UTC, the folders sort by time.
  const folder = join(into, `upwatch-backup-${folderStamp(now)}`);
  if (existsSync(folder)) throw new Error(`${folder} exists already.`);
  const draft = `${folder}.partial`;
  await rm(draft, { recursive: true, force: true });
  await mkdir(draft, { recursive: true, mode: 0o700 });
  try {
    copySqliteDatabase(dataDir, join(draft, DATABASE_FILE));
    const report = inspectSqliteCopy(join(draft, DATABASE_FILE));
    if (report.problems.length > 0 || !report.migration) {
      throw new Error(
        `The copy of the database fails SQLite's integrity check: ${report.problems.slice(0, 3).join("; ") || "no schema"}.`,
      );
    }
    const files: BackupFile[] = [await describeFile(draft, DATABASE_FILE)];
    const secretsKey = await copySecretsKey(config, draft);
    if (secretsKey?.source === "file") files.push(await describeFile(draft, KEY_FILE));
    const manifest: BackupManifest = {
      format: 1,
      product: PRODUCT_NAME,
      version: productVersion(),
      takenAt: now.toISOString(),
      migration: report.migration,
      secretsKey,
      files,
    };
    await writeManifest(draft, manifest);
    await rename(draft, folder);
    return { folder, manifest };
  } catch (error) {
    await rm(draft, { recursive: true, force: true });
    throw error;
  }
}

/** The key the stored secrets are sealed with: the key file is copied, SECRETS_KEY only named. */
async function copySecretsKey(
  config: Config,
  folder: string,
): Promise<BackupManifest["secretsKey"]> {
  if (config.secretsKey) return { id: config.secretsKey.id, source: "SECRETS_KEY" };
  const path = secretsKeyPath(config.dataDir);
  const key = readSecretsKeyFile(path);
  if (!key) return null;
  await copyFile(path, join(folder, KEY_FILE));
  await chmod(join(folder, KEY_FILE), 0o600);
  return { id: key.id, source: "file" };
}
