import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** Today's scrypt cost: 2^15 iterations of 8-block mixing, about 32 MiB and tens of milliseconds. */
export const PASSWORD_HASH_PARAMS = { logN: 15, r: 8, p: 1 } as const;

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const FORMAT =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function derive(
  password: string,
  salt: Buffer,
  params: Omit<ParsedHash, "salt" | "key">,
  size: number,
) {
  const N = 2 ** params.logN;
  // scrypt needs 128 * N * r bytes; Node's default ceiling of 32 MiB is just short of that.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, size, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/**
 * Hashes a password with scrypt and a random salt, as `$scrypt$ln=15,r=8,p=1$<salt>$<key>`
 * (the PHC string format), so the cost can be raised later without breaking stored hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PASSWORD_HASH_PARAMS, KEY_BYTES);
  const { logN, r, p } = PASSWORD_HASH_PARAMS;
  return `$scrypt$ln=${logN},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
}

function parse(stored: string): ParsedHash | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(match[4]!, "base64");
  const key = Buffer.from(match[5]!, "base64");
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return undefined;
  return { logN, r, p, salt, key };
}

let dummy: Promise<string> | undefined;

/** A hash of a random password, compared against when there is no user, so timing tells nothing. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64"));
  return dummy;
}

/**
 * Whether the password matches the stored hash, compared in constant time. With no stored hash
 * (no such user, or no password set) the work is done against a dummy and the answer is false.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parse(stored ?? "") ?? parse(await dummyHash())!;
  const key = await derive(password, parsed.salt, parsed, KEY_BYTES);
  const matches = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  return matches && stored !== null && parse(stored) !== undefined;
}

/** Whether a stored hash was made with other parameters than today's and should be redone. */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const { logN, r, p } = PASSWORD_HASH_PARAMS;
  return !parsed || parsed.logN !== logN || parsed.r !== r || parsed.p !== p;
}
