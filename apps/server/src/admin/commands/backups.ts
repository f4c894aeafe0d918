import { join, resolve } from "node:path";
import type { Config } from "../../config.ts";
import { secretsKeyPath } from "../../secrets/secrets-key-file.ts";
import type { BackupManifest } from "../backups/backup-manifest.ts";
import { checkBackup } from "../backups/check-backup.ts";
import { restoreBackup } from "../backups/restore-backup.ts";
import { takeBackup } from "../backups/take-backup.ts";

/** What a backup command reads from its command line: the backup's folder, or where to make it. */
export interface BackupCommandInput {
  folder?: string | undefined;
  into?: string | undefined;
}

type BackupCommand = (config: Config, input: BackupCommandInput) => Promise<string>;

export const BACKUP_COMMANDS: Record<string, BackupCommand> = {
  backup: (config, { into }) => backupCommand(config, into),
  "verify-backup": (_config, { folder }) => verifyBackupCommand(folder),
  restore: (config, { folder }) => restoreCommand(config, folder),
};

/** `backup [--into <folder>]`: the embedded database and the key file, taken while the server runs. */
export async function backupCommand(config: Config, into: string | undefined): Promise<string> {
  if (config.databaseUrl) throw new Error(postgresBackupSentence(config));
  const started = performance.now();
  const { folder, manifest } = await takeBackup(
    config,
    resolve(into ?? join(config.dataDir, "backups")),
    new Date(),
  );
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Backed up the database (migration ${manifest.migration}) and ${keyLine(manifest)} into ${folder} (${formatBytes(bytes)} in ${seconds} s).\n`;
}

/** `verify-backup <folder>`: checksums, SQLite's integrity check and the schema it reached. */
export async function verifyBackupCommand(folder: string | undefined): Promise<string> {
  const manifest = await checkBackup(resolve(needFolder("verify-backup", folder)));
  return `The backup taken ${manifest.takenAt} by version ${manifest.version} is whole: every checksum matches and its database passes SQLite's integrity check at migration ${manifest.migration}.\n`;
}

/** `restore <folder>`: puts a checked backup back into DATA_DIR while no server runs there. */
export async function restoreCommand(config: Config, folder: string | undefined): Promise<string> {
  const from = resolve(needFolder("restore", folder));
  if (config.databaseUrl) {
    throw new Error(
      "DATABASE_URL is set: this command restores the embedded SQLite database; a PostgreSQL database is restored with pg_restore (see docs/operations.md).",
    );
  }
  const { manifest, setAside } = await restoreBackup(config, from, new Date());
  const lines = [
    `Restored the backup taken ${manifest.takenAt} (version ${manifest.version}, migration ${manifest.migration}) into ${config.dataDir}.`,
    setAside
      ? `The files it replaced are in ${setAside}.`
      : "The data folder held no database before.",
    ...keyAdvice(config, manifest),
    "Start the server.",
  ];
  return `${lines.join("\n")}\n`;
}

function needFolder(command: string, folder: string | undefined): string {
  if (!folder) throw new Error(`${command} needs the backup's folder: ${command} <folder>.`);
  return folder;
}

function keyLine(manifest: BackupManifest): string {
  const key = manifest.secretsKey;
  if (!key) return "no secrets key (none is made yet)";
  return key.source === "file"
    ? `the secrets key ${key.id}`
    : `not the secrets key (key ${key.id} is in SECRETS_KEY: keep it apart from this backup)`;
}

/** What the operator must do about the key before the server opens the restored secrets. */
function keyAdvice(config: Config, manifest: BackupManifest): string[] {
  const key = manifest.secretsKey;
  if (!key) return [];
  if (key.source === "SECRETS_KEY" && config.secretsKey?.id !== key.id) {
    return [
      `The stored secrets are sealed with key ${key.id}, which was in SECRETS_KEY: start the server with SECRETS_KEY set to that key.`,
    ];
  }
  if (key.source === "file" && config.secretsKey && config.secretsKey.id !== key.id) {
    return [
      `The key file ${secretsKeyPath(config.dataDir)} holds key ${key.id}, but SECRETS_KEY (key ${config.secretsKey.id}) takes precedence: unset SECRETS_KEY before starting the server.`,
    ];
  }
  return [];
}

function postgresBackupSentence(config: Config): string {
  const key = config.secretsKey
    ? "SECRETS_KEY (keep it apart from the dumps)"
    : `the key file ${secretsKeyPath(config.dataDir)}`;
  return `DATABASE_URL is set: PostgreSQL is backed up with pg_dump, not with this command. Take a backup with

  pg_dump --format=custom --file="upwatch-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump" "$DATABASE_URL"

and keep the secrets key with it: ${key}. Restore it into an empty database with

  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" upwatch-<time>.dump

(see docs/operations.md).`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
