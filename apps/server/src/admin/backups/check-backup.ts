import { access } from "node:fs/promises";
import { join } from "node:path";
import { bundledMigrationNames, inspectSqliteCopy } from "@upwatch/db";
import {
  type BackupManifest,
  DATABASE_FILE,
  describeFile,
  KEY_FILE,
  readManifest,
} from "./backup-manifest.ts";

/**
 * Reads a backup folder and proves it whole before anything relies on it: every file the
 * manifest lists has its size and checksum, the database passes SQLite's integrity check at
 * the migration the manifest names, and this version knows that migration.
 */
export async function checkBackup(folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  for (const listed of manifest.files) {
    try {
      await access(join(folder, listed.name));
    } catch {
      throw new Error(`${join(folder, listed.name)} is missing: the backup is incomplete.`);
    }
    const found = await describeFile(folder, listed.name);
    if (found.bytes !== listed.bytes || found.sha256 !== listed.sha256) {
      throw new Error(
        `${join(folder, listed.name)} does not match its checksum in the manifest: the backup is damaged.`,
      );
    }
  }
  const names = manifest.files.map((file) => file.name);
  if (!names.includes(DATABASE_FILE)) {
    throw new Error(`The manifest lists no ${DATABASE_FILE}: the backup is damaged.`);
  }
  if (manifest.secretsKey?.source === "file" && !names.includes(KEY_FILE)) {
    throw new Error(`The manifest lists no ${KEY_FILE} for key ${manifest.secretsKey.id}.`);
  }
  const report = inspectSqliteCopy(join(folder, DATABASE_FILE));
  if (report.problems.length > 0) {
    throw new Error(
      `The backup's database fails SQLite's integrity check: ${report.problems.slice(0, 3).join("; ")}.`,
    );
  }
  if (report.migration !== manifest.migration) {
    throw new Error(
      `The backup's database reached migration ${report.migration ?? "none"}, not ${manifest.migration} as its manifest says.`,
    );
  }
  if (!bundledMigrationNames().includes(manifest.migration)) {
    throw new Error(
      `The backup was taken by a newer version (${manifest.version}, migration ${manifest.migration}): restore it with that version or a later one.`,
    );
  }
  return manifest;
}
