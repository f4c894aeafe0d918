import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { holdDataDir, migrateToLatest, openDatabase } from "@upwatch/db";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../../test/app.ts";
import { readSecretsKeyFile } from "../../secrets/secrets-key-file.ts";
import { prepareSecrets } from "../../wiring/secrets.ts";
import { backupCommand, restoreCommand } from "../commands/backups.ts";
import { describeFile, readManifest, writeManifest } from "./backup-manifest.ts";
import { checkBackup } from "./check-backup.ts";
import { restoreBackup } from "./restore-backup.ts";
import { takeBackup } from "./take-backup.ts";

const TAKEN_AT = new Date("2026-11-29T03:15:00.000Z");
const configFor = (dataDir: string) => testConfig({ DATA_DIR: dataDir, SECRETS_KEY: "" });

/** A data folder as a server leaves it: the schema, a key file and one contact message. */
async function dataFolder(dataDir: string, message: string): Promise<void> {
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    await prepareSecrets(configFor(dataDir), database.db);
    await database.db
      .insertInto("contact_messages")
      .values({
        id: `msg_${message}`,
        name: "Ada",
        email: "ada@example.com",
        subject: "Technical Support",
        message,
        ip: "127.0.0.1",
        user_agent: null,
        created_at: 1,
      })
      .execute();
  } finally {
    await database.close();
  }
}

async function messages(dataDir: string): Promise<string[]> {
  const database = openDatabase({ dataDir });
  try {
    const rows = await database.db.selectFrom("contact_messages").select("message").execute();
    return rows.map((row) => row.message);
  } finally {
    await database.close();
  }
}

describe("restoring a backup", () => {
  let folder: string;
  let source: string;
  let backup: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "upwatch-restore-"));
    source = join(folder, "source");
    await dataFolder(source, "from the backup");
    backup = (await takeBackup(configFor(source), join(folder, "backups"), TAKEN_AT)).folder;
  }, 60_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("names the backup's folder by its time and lists its files with checksums", async () => {
    expect(backup).toBe(join(folder, "backups", "upwatch-backup-2026-11-29T03-15-00Z"));
    const manifest = await readManifest(backup);
    expect(manifest.takenAt).toBe(TAKEN_AT.toISOString());
    expect(manifest.secretsKey).toEqual({
      id: readSecretsKeyFile(join(source, "secrets.key"))!.id,
      source: "file",
    });
    expect(manifest.files.map((file) => file.name)).toEqual(["upwatch.db", "secrets.key"]);
    expect(await checkBackup(backup)).toEqual(manifest);
  });

  it("refuses while a server holds the data folder, and changes nothing there", async () => {
    const target = join(folder, "held");
    await dataFolder(target, "still here");
    const hold = holdDataDir(target)!;
    try {
      await expect(restoreBackup(configFor(target), backup, TAKEN_AT)).rejects.toThrow(
        `A server is using DATA_DIR ${target}: stop it, then run restore again.`,
      );
    } finally {
      hold.release();
    }
    expect(await messages(target)).toEqual(["still here"]);
  });

  it("keeps the database, its log and the key it replaces in a folder of their own", async () => {
    const target = join(folder, "replaced");
    await dataFolder(target, "before the restore");
    const oldKey = await readFile(join(target, "secrets.key"), "utf8");
    await writeFile(join(target, "upwatch.db-wal"), "");
    const answer = await restoreCommand(configFor(target), backup);
    const aside = join(target, "replaced-by-restore-");
    expect(answer).toContain(`The files it replaced are in ${aside}`);
    expect(await messages(target)).toEqual(["from the backup"]);
    expect(await readFile(join(target, "secrets.key"), "utf8")).toBe(
      await readFile(join(backup, "secrets.key"), "utf8"),
    );
    const [setAside] = (await readdir(target)).filter((name) => name.startsWith("replaced-by-"));
    expect((await readdir(join(target, setAside!))).sort()).toEqual([
      "secrets.key",
      "upwatch.db",
      "upwatch.db-wal",
    ]);
    expect(await readFile(join(target, setAside!, "secrets.key"), "utf8")).toBe(oldKey);
  });

  it("refuses a backup whose database no longer matches its checksum", async () => {
    const damaged = join(folder, "damaged");
    await takeBackup(configFor(source), damaged, TAKEN_AT);
    const [name] = await readdir(damaged);
    const file = join(damaged, name!, "upwatch.db");
    const bytes = await readFile(file);
    bytes[bytes.length - 1] = (bytes.at(-1)! + 1) % 256;
    await writeFile(file, bytes);
    const target = join(folder, "untouched");
    await expect(restoreBackup(configFor(target), join(damaged, name!), TAKEN_AT)).rejects.toThrow(
      `${file} does not match its checksum in the manifest: the backup is damaged.`,
    );
    expect(existsSync(join(target, "upwatch.db"))).toBe(false);
  });

  it("refuses a folder without a manifest, as an unfinished backup leaves", async () => {
    await expect(checkBackup(source)).rejects.toThrow(
      `${source} is not a backup: it has no manifest.json (a backup that did not finish has none).`,
    );
  });

  it("refuses a backup taken by a newer version, whose schema this one does not know", async () => {
    const newer = join(folder, "newer");
    const { folder: taken, manifest } = await takeBackup(configFor(source), newer, TAKEN_AT);
    const copy = openDatabase({ dataDir: taken });
    await sql`insert into kysely_migration (name, timestamp) values (${"2099_01_01_0000_later"}, ${TAKEN_AT.toISOString()})`.execute(
      copy.db,
    );
    await copy.close();
    await writeManifest(taken, {
      ...manifest,
      version: "9.0.0",
      migration: "2099_01_01_0000_later",
      files: [await describeFile(taken, "upwatch.db"), await describeFile(taken, "secrets.key")],
    });
    await expect(checkBackup(taken)).rejects.toThrow(
      "The backup was taken by a newer version (9.0.0, migration 2099_01_01_0000_later): restore it with that version or a later one.",
    );
  });
});

describe("the backup command on PostgreSQL", () => {
  it("says PostgreSQL is backed up with pg_dump and prints the commands", async () => {
    const config = testConfig({ DATABASE_URL: "postgres://upwatch@127.0.0.1:5432/upwatch" });
    await expect(backupCommand(config, undefined)).rejects.toThrow(
      /^DATABASE_URL is set: PostgreSQL is backed up with pg_dump, not with this command\.[\s\S]*pg_dump --format=custom --file="upwatch-\$\(date -u \+%Y-%m-%dT%H-%M-%SZ\)\.dump" "\$DATABASE_URL"[\s\S]*pg_restore --no-owner --exit-on-error --dbname="\$DATABASE_URL" upwatch-<time>\.dump/,
    );
  });
});
