/** The password of {@link EARLIER_SCRYPT_HASH}. */
export const EARLIER_PASSWORD = "correct horse battery";

/** A password hash as earlier versions stored it: scrypt with N=2^15, r=8, p=1. */
export const EARLIER_SCRYPT_HASH =
  "$scrypt$ln=15,r=8,p=1$YB1icdM2G5S3tQOEfhHpcw$AX9Lr3UCb9wtgufKpsD0E2UsTMBa5+GvCy3HtO3mdMj6h0BEuNEvlkmuUW6RMgTQOhsoNRnH5AcJ87w6gHT3Rw";
