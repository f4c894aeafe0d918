import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";

export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FILE = "upwatch.db";
export const KEY_FILE = "secrets.key";

const fileSchema = z.object({
  name: z.enum([DATABASE_FILE, KEY_FILE]),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  format: z.literal(1),
  product: z.string(),
  version: z.string(),
  takenAt: z.iso.datetime(),
  /** The last schema migration the database had applied. */
  migration: z.string(),
  /** Which key seals the stored secrets, and whether the backup holds it (a key file) or not. */
  secretsKey: z.object({ id: z.string(), source: z.enum(["file", "SECRETS_KEY"]) }).nullable(),
  files: z.array(fileSchema).min(1),
});

/** What a backup folder holds, written last so that a folder with a manifest is complete. */
export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupFile = z.infer<typeof fileSchema>;

/** The size and SHA-256 of a file in a backup folder, as the manifest lists it. */
export async function describeFile(folder: string, name: BackupFile["name"]): Promise<BackupFile> {
  const path = join(folder, name);
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return { name, bytes: (await stat(path)).size, sha256: hash.digest("hex") };
}

/** A time as it appears in the names of backup folders: `2026-11-29T12-00-05Z`. */
export function folderStamp(time: Date): string {
  return time
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

/** Writes the manifest, readable by its owner only. */
export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
}

/** The manifest of a backup folder; a missing or damaged one is an error saying so. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const path = join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    throw new Error(
      `${folder} is not a backup: it has no ${MANIFEST_FILE} (a backup that did not finish has none).`,
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new Error(`${path} is not valid JSON: the backup is damaged.`);
  }
  if (!parsed.success) throw new Error(`${path} is not a backup manifest: the backup is damaged.`);
  return parsed.data;
}
