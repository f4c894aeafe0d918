import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { SecretsKey } from "./secrets-key.ts";

const PREFIX = "enc:v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals values stored in the database with AES-256-GCM under the current key and opens them
 * again: `enc:v1:<key id>:<nonce>:<ciphertext and tag>`. The place a value belongs to (table,
 * column and row id) is authenticated with it, so a sealed value moved to another row fails.
 */
export class SecretBox {
  private readonly keys = new Map<string, SecretsKey>();

  /** `readable` are earlier keys that may still be opened (during a rotation only). */
  constructor(
    readonly current: SecretsKey,
    readable: readonly SecretsKey[] = [],
  ) {
    for (const key of [current, ...readable]) this.keys.set(key.id, key);
  }

  /** The value sealed for the place it is stored at, e.g. `monitors.options:mon_123`. */
  seal(plaintext: string, place: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.current.bytes, nonce);
    cipher.setAAD(Buffer.from(place));
    const sealed = Buffer.concat([
      cipher.update(plaintext, "utf8"),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${PREFIX}${this.current.id}:${nonce.toString("base64url")}:${sealed.toString("base64url")}`;
  }

  /** The plaintext of a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string, place: string): string {
    if (!isSealed(stored)) return stored;
    const [keyId = "", nonce = "", sealed = ""] = stored.slice(PREFIX.length).split(":");
    const key = this.keys.get(keyId);
    if (!key)
      throw new Error(
        `A stored secret is sealed with key ${keyId}, which this server does not hold.`,
      );
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(place));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  }

  /**
   * A key for one purpose derived from each key held, the current key's first: a MAC made before
   * a rotation is still recognised while the earlier key is readable.
   */
  derivedKeys(purpose: string): Buffer[] {
    return [...this.keys.values()].map((key) =>
      createHmac("sha256", key.bytes).update(`upwatch ${purpose}`).digest(),
    );
  }

  /** Whether values sealed with this key id can be opened. */
  canOpen(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** How every value sealed under the current key begins (a key id is hex, safe in LIKE). */
  get currentPrefix(): string {
    return `${PREFIX}${this.current.id}:`;
  }
}

/** The place a sealed value is bound to, e.g. `channels.secret:chn_123`. */
export function placeOf(table: string, column: string, id: string): string {
  return `${table}.${column}:${id}`;
}

/** Whether a stored value is sealed (rather than plaintext from before sealing existed). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The id of the key a sealed value was sealed with. */
export function keyIdOf(stored: string): string | undefined {
  return isSealed(stored) ? stored.slice(PREFIX.length).split(":")[0] : undefined;
}
