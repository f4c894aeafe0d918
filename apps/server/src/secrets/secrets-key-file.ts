import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatSecretsKey, parseSecretsKey, type SecretsKey } from "./secrets-key.ts";

/** The key file in the data folder, used when SECRETS_KEY is not set. */
export function secretsKeyPath(dataDir: string): string {
  return join(dataDir, "secrets.key");
}

/** Where a rotation writes the new key until the database holds the secrets sealed with it. */
export function nextSecretsKeyPath(dataDir: string): string {
  return `${secretsKeyPath(dataDir)}.next`;
}

/** The key in the file, or undefined when there is no file; a damaged file is an error. */
export function readSecretsKeyFile(path: string): SecretsKey | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = parseSecretsKey(text);
  if (!key) throw new Error(`${path} does not hold a key of 32 bytes in base64.`);
  return key;
}

/**
 * Writes the key to a new file readable by its owner only. It is written whole under another
 * name and then linked into place, so a second process starting at once reads this key or
 * finds its own link refused, never half a file. Answers the key now in the file.
 */
export function createSecretsKeyFile(path: string, key: SecretsKey): SecretsKey {
  mkdirSync(join(path, ".."), { recursive: true });
  const draft = `${path}.${process.pid}.draft`;
  writeFileSync(draft, `${formatSecretsKey(key)}\n`, { mode: 0o600 });
  try {
    linkSync(draft, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readSecretsKeyFile(path)!;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** Writes the key to the file, replacing any earlier one in one rename. */
export function replaceSecretsKeyFile(path: string, key: SecretsKey): void {
  const draft = `${path}.${process.pid}.draft`;
  writeFileSync(draft, `${formatSecretsKey(key)}\n`, { mode: 0o600 });
  renameSync(draft, path);
}
