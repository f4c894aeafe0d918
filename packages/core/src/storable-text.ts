import { z } from "zod";

// PostgreSQL cannot store a NUL character, and an unpaired UTF-16 surrogate has no UTF-8 form
// (it would be stored as something else): text holding either is refused on every database.
const UNSTORABLE = /[\0\p{Cs}]/u;

/** Whether text holds no NUL character and no unpaired surrogate (broken Unicode). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The check every text input carries, naming the field in its sentence.
 * @example z.string().check(storableText("The name")).trim().max(100)
 */
export function storableText(field: string): z.core.$ZodCheck<string> {
  return z.refine<string>(isStorableText, {
    message: `${field} must not contain NUL characters or broken Unicode.`,
    abort: true,
  });
}

/** The most characters an id in a request may have; the ids Upwatch makes have about 20. */
export const MAX_ID_LENGTH = 100;

/**
 * An id named in a request (a filter, a cursor, a field): storable text of at most
 * `MAX_ID_LENGTH` characters, refused in a sentence naming the field.
 * @example z.strictObject({ monitor_id: storableId("monitor_id").optional() })
 */
export function storableId(field: string) {
  return z
    .string({ message: `${field} must be an id.` })
    .check(storableText(field))
    .max(MAX_ID_LENGTH, { message: `${field} is too long to be an id.` });
}
