import { randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { isScryptHash, verifyScryptPassword } from "./scrypt-password-hash.ts";

/** Today's setting: argon2id with OWASP's recommended minimum, 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_HASH_PARAMS = { memoryKiB: 19_456, passes: 2, lanes: 1 } as const;

// The package declares its algorithms as a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;
const HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: PASSWORD_HASH_PARAMS.memoryKiB,
  timeCost: PASSWORD_HASH_PARAMS.passes,
  parallelism: PASSWORD_HASH_PARAMS.lanes,
};
const ARGON2ID_FORMAT =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$[A-Za-z0-9+/]{22,}\$[A-Za-z0-9+/]{43,}$/;
const MAX_MEMORY_KIB = 1_048_576;

/**
 * Hashes a password with argon2id and a random salt, as `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`
 * (the PHC string format), so the cost can be raised later without breaking stored hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFKC"), HASH_OPTIONS);
}

/** The memory, passes and lanes of a well-formed argon2id hash, or undefined. */
function argon2idParamsOf(stored: string) {
  const match = ARGON2ID_FORMAT.exec(stored);
  if (!match) return undefined;
  const [memoryKiB, passes, lanes] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (memoryKiB > MAX_MEMORY_KIB || passes < 1 || lanes < 1) return undefined;
  return { memoryKiB, passes, lanes };
}

let dummy: Promise<string> | undefined;

/** A hash of a random password with today's setting, checked when there is no user. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64"));
  return dummy;
}

/**
 * Whether the password matches the stored hash (argon2id, or the earlier scrypt format),
 * compared in constant time. With no usable stored hash (no such user, no password set, a
 * damaged hash) the same work is done against a dummy with today's setting and the answer is false.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored !== null && isScryptHash(stored)) return verifyScryptPassword(password, stored);
  const usable = stored !== null && argon2idParamsOf(stored) !== undefined;
  const against = usable ? stored : await dummyHash();
  const matches = await verify(against, password.normalize("NFKC")).catch(() => false);
  return usable && matches;
}

/** Whether a stored hash was made otherwise than today's setting and should be redone. */
export function passwordNeedsRehash(stored: string): boolean {
  const params = argon2idParamsOf(stored);
  const today = PASSWORD_HASH_PARAMS;
  return (
    !params ||
    params.memoryKiB !== today.memoryKiB ||
    params.passes !== today.passes ||
    params.lanes !== today.lanes
  );
}
