import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { RUNNER_TOKEN_PREFIX } from "@upwatch/broker";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** A new runner id: `run_` and 16 lowercase base-32 characters (80 random bits). */
export function newRunnerId(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(10);
  let bits = 0;
  let value = 0;
  let id = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `run_${id}`;
}

/** A runner's token: `upr_<runnerId>_<32 random bytes, base64url>`; only its hash is stored. */
export function newRunnerToken(
  runnerId: string,
  random: (size: number) => Buffer = randomBytes,
): { token: string; hash: string } {
  const token = `${RUNNER_TOKEN_PREFIX}${runnerId}_${random(32).toString("base64url")}`;
  return { token, hash: hashRunnerToken(token) };
}

/** SHA-256 of the whole token, hex. */
export function hashRunnerToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Compares a presented token with a stored hash in constant time. */
export function tokenMatchesHash(token: string, storedHash: string): boolean {
  const presented = Buffer.from(hashRunnerToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
