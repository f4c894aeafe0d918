import {
  isLongEnoughToMask,
  isStorableText,
  SECURE_VALUE_MIN_CHARACTERS,
  VARIABLE_NAME,
} from "@upwatch/core";
import { z } from "zod";

/** The most bytes a secure variable's value may hold (UTF-8). */
export const SECURE_VALUE_MAX_BYTES = 4096;
/** The most secure variables one account may keep. */
export const SECURE_VARIABLES_PER_ACCOUNT = 100;

const NAME_RULE =
  "The name must start with a letter or _ and hold only letters, digits and _ (at most 64 characters), and cannot be __proto__.";
const VALUE_RULE = `The value must be text of at most ${SECURE_VALUE_MAX_BYTES} bytes.`;
const SHORT_VALUE_RULE = `The value must be at least ${SECURE_VALUE_MIN_CHARACTERS} characters long, not counting spaces at its ends, so that it can be told apart from other text and masked in check results.`;

export const secureVariableName = z
  .string({ message: NAME_RULE })
  .regex(VARIABLE_NAME, { message: NAME_RULE });

// The messages never repeat the value: it is a secret even when it is refused.
const secureValue = z
  .string({ message: VALUE_RULE })
  .refine((value) => utf8Bytes(value) <= SECURE_VALUE_MAX_BYTES, {
    message: VALUE_RULE,
    abort: true,
  })
  .refine(isLongEnoughToMask, { message: SHORT_VALUE_RULE, abort: true })
  .refine(isStorableText, {
    message: "The value must not contain NUL characters or broken Unicode.",
  });

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Request bodies and path parameters of the secure variable operations. */
export const secureVariableRequestSchemas = {
  create: z.strictObject({ name: secureVariableName, value: secureValue }),
  replace: z.strictObject({ value: secureValue }),
  params: z.object({ name: secureVariableName }),
};

const isoTime = z.string().describe("ISO 8601 time");

export const secureVariableResponse = z.object({
  name: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  used_by: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe("The monitors whose variables refer to it as secure:<name>."),
});
export const secureVariableListResponse = z.object({ data: z.array(secureVariableResponse) });

/** A secure variable as the API answers it: never its value. */
export type SecureVariable = z.output<typeof secureVariableResponse>;
