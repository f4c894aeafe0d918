import { rmSync } from "node:fs";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type Config, ConfigError } from "../config.ts";
import { SecretBox } from "../secrets/secret-box.ts";
import { generateSecretsKey } from "../secrets/secrets-key.ts";
import {
  createSecretsKeyFile,
  nextSecretsKeyPath,
  readSecretsKeyFile,
  secretsKeyPath,
} from "../secrets/secrets-key-file.ts";
import {
  resealStoredSecrets,
  UnreadableSecretsError,
} from "../services/secrets/reseal-stored-secrets.ts";

/**
 * The box stored secrets are sealed with: under SECRETS_KEY, or else the key file in the data
 * folder (made on first start). Secrets still stored in plaintext are sealed now; a key that
 * cannot open the stored secrets stops the start with a sentence saying what to change.
 */
export async function prepareSecrets(config: Config, db: Kysely<Database>): Promise<SecretBox> {
  const path = secretsKeyPath(config.dataDir);
  const fromFile = config.secretsKey ? undefined : readSecretsKeyFile(path);
  const current = config.secretsKey ?? fromFile ?? createSecretsKeyFile(path, generateSecretsKey());
  // A rotation stopped before its new key file replaced the old: its changes are undone here.
  const next = config.secretsKey
    ? undefined
    : readSecretsKeyFile(nextSecretsKeyPath(config.dataDir));
  const box = new SecretBox(current, next ? [next] : []);
  try {
    await resealStoredSecrets(db, box);
  } catch (error) {
    if (!(error instanceof UnreadableSecretsError)) throw error;
    const made = !config.secretsKey && !fromFile;
    if (made) rmSync(path, { force: true });
    throw new ConfigError(
      wrongKeySentence(config, path, made ? undefined : current.id, error.keyIds),
    );
  }
  if (next) rmSync(nextSecretsKeyPath(config.dataDir), { force: true });
  return new SecretBox(current);
}

function wrongKeySentence(
  config: Config,
  path: string,
  keyId: string | undefined,
  stored: string[],
): string {
  const storedKeys = `key ${stored.join(", ")}`;
  if (config.secretsKey) {
    return `SECRETS_KEY (key ${keyId}) is not the key the stored secrets are encrypted with (${storedKeys}): set SECRETS_KEY to that key, or after a rotation to the new key the rotation printed.`;
  }
  if (!keyId) {
    return `The stored secrets are encrypted with ${storedKeys}, but SECRETS_KEY is not set and there is no key file ${path}: restore the key file backed up with the database, or set SECRETS_KEY to that key.`;
  }
  return `The key file ${path} (key ${keyId}) is not the key the stored secrets are encrypted with (${storedKeys}): restore the key file backed up with the database, or set SECRETS_KEY to that key.`;
}
