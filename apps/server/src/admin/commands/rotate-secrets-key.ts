import { rmSync } from "node:fs";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import { SecretBox } from "../../secrets/secret-box.ts";
import {
  formatSecretsKey,
  generateSecretsKey,
  parseSecretsKey,
} from "../../secrets/secrets-key.ts";
import {
  nextSecretsKeyPath,
  replaceSecretsKeyFile,
  secretsKeyPath,
} from "../../secrets/secrets-key-file.ts";
import { resealStoredSecrets } from "../../services/secrets/reseal-stored-secrets.ts";
import { prepareSecrets } from "../../wiring/secrets.ts";

/**
 * Re-encrypts every stored secret under a new key in one transaction: NEW_SECRETS_KEY when set
 * (read from the environment to keep it out of shell history), else a new random key. Returns
 * what the operator must change before the server starts again.
 */
export async function rotateSecretsKey(
  config: Config,
  db: Kysely<Database>,
  newKeyText: string | undefined,
): Promise<string> {
  const next = newKeyText === undefined ? generateSecretsKey() : parseSecretsKey(newKeyText);
  if (!next) {
    throw new Error(
      "NEW_SECRETS_KEY must be 32 bytes written as 64 hexadecimal characters or as base64, such as the output of openssl rand -base64 32.",
    );
  }
  const old = (await prepareSecrets(config, db)).current;
  if (next.id === old.id) throw new Error("NEW_SECRETS_KEY is the key in use already.");
  const box = new SecretBox(next, [old]);
  if (config.secretsKey) {
    const count = await resealStoredSecrets(db, box);
    const value =
      newKeyText === undefined
        ? `this new key:\n\n  SECRETS_KEY=${formatSecretsKey(next)}\n`
        : "the value of NEW_SECRETS_KEY.\n";
    return `Re-encrypted ${count} stored secrets from key ${old.id} to key ${next.id}. Before the server starts again, set SECRETS_KEY to ${value}`;
  }
  // The new key is on disk before the database changes: a start after a stop in between
  // opens both and keeps the old key (see prepareSecrets).
  const path = secretsKeyPath(config.dataDir);
  const pending = nextSecretsKeyPath(config.dataDir);
  replaceSecretsKeyFile(pending, next);
  let count: number;
  try {
    count = await resealStoredSecrets(db, box);
  } catch (error) {
    rmSync(pending, { force: true });
    throw error;
  }
  replaceSecretsKeyFile(path, next);
  rmSync(pending, { force: true });
  return `Re-encrypted ${count} stored secrets from key ${old.id} to key ${next.id}. The key file ${path} now holds the new key: back it up in place of the old one.\n`;
}
