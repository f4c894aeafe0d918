import { placeOf, type SecretBox } from "../../secrets/secret-box.ts";

const placeFor = (userId: string) => placeOf("two_factor", "secret_sealed", userId);

/** A person's TOTP secret sealed for their two_factor row. */
export function sealTotpSecret(box: SecretBox, userId: string, secret: string): string {
  return box.seal(secret, placeFor(userId));
}

/** The TOTP secret of a person's two_factor row. */
export function openTotpSecret(box: SecretBox, userId: string, sealed: string): string {
  return box.open(sealed, placeFor(userId));
}
