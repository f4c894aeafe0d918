/**
 * The fewest characters a secure value may have, spaces at its ends not counted. Results are
 * masked by finding the value in them: a shorter one would also hide ordinary text, and the
 * places it hid would give it away.
 */
export const SECURE_VALUE_MIN_CHARACTERS = 8;

/** Whether a value is long enough to be kept as a secure variable. */
export function isLongEnoughToMask(value: string): boolean {
  return [...value.trim()].length >= SECURE_VALUE_MIN_CHARACTERS;
}
