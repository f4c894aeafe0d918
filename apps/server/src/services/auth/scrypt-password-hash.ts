import { type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const FORMAT =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface ScryptHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** Whether a stored hash is in the scrypt format earlier versions wrote (`$scrypt$ln=15,...`). */
export function isScryptHash(stored: string): boolean {
  return parseScryptHash(stored) !== undefined;
}

function parseScryptHash(stored: string): ScryptHash | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(match[4]!, "base64");
  const key = Buffer.from(match[5]!, "base64");
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return undefined;
  return { logN, r, p, salt, key };
}

/**
 * Whether the password matches a hash in the earlier scrypt format, compared in constant time.
 * Such hashes are only checked, never made: a match is rehashed with today's setting.
 */
export async function verifyScryptPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseScryptHash(stored);
  if (!parsed) return false;
  const key = await derive(password.normalize("NFKC"), parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

function derive(password: string, { logN, r, p, salt }: ScryptHash): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; Node's default ceiling of 32 MiB is just short of that.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
