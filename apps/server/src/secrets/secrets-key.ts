import { createHmac, randomBytes } from "node:crypto";

/** A 256-bit key for sealing stored secrets, with the short id written into each sealed value. */
export interface SecretsKey {
  id: string;
  bytes: Buffer;
}

const KEY_BYTES = 32;

/** The key of 32 bytes written as 64 hexadecimal characters or as base64, or undefined. */
export function parseSecretsKey(text: string): SecretsKey | undefined {
  const trimmed = text.trim();
  let bytes: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) bytes = Buffer.from(trimmed, "hex");
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) bytes = Buffer.from(trimmed, "base64");
  return bytes?.length === KEY_BYTES ? keyOf(bytes) : undefined;
}

/** A new random key. */
export function generateSecretsKey(): SecretsKey {
  return keyOf(randomBytes(KEY_BYTES));
}

/** The key as base64, the form the key file and the rotation command print. */
export function formatSecretsKey(key: SecretsKey): string {
  return key.bytes.toString("base64");
}

// The id names a key without revealing it: an HMAC under the key itself, cut to 32 bits.
function keyOf(bytes: Buffer): SecretsKey {
  const id = createHmac("sha256", bytes).update("upwatch secrets key id").digest("hex").slice(0, 8);
  return { id, bytes };
}
