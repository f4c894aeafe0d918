import { Secret, TOTP } from "otpauth";

const PERIOD_SECONDS = 30;

/** A new random TOTP secret (160 bits), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The authenticator apps' view of a secret: RFC 6238, SHA-1, 6 digits, 30-second steps. */
export function totpOf(secret: string, label = "Upwatch"): TOTP {
  return new TOTP({
    issuer: "Upwatch",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The 30-second step a code belongs to when it is right for now, the step before or the step
 * after (clocks drift), else undefined.
 */
export function stepOfCode(secret: string, code: string, now: number): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
