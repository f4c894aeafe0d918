import { z } from "zod";
import { storableText } from "./storable-text.ts";

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FORBIDDEN_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

/**
 * Parts of a header name that mark its value as a credential, compared case-insensitively:
 * `auth` covers Authorization and Proxy-Authorization, `key` covers X-Api-Key, `cookie` covers
 * Cookie. Such values are shown masked, like passwords, whether or not they are marked secret.
 */
export const CREDENTIAL_HEADER_WORDS = [
  "auth",
  "cookie",
  "credential",
  "key",
  "passw",
  "secret",
  "session",
  "token",
] as const;

const headerText = z
  .string()
  .check(storableText("A header value"))
  .max(4000, { message: "A header value can be at most 4,000 characters." })
  .refine((value) => !/[\r\n\0]/.test(value), {
    message: "Header values cannot contain line breaks.",
  });

// The union only tells the two shapes apart; the text rules run after it, so their own
// sentences reach the person rather than the union's.
const headerEntry = z
  .union(
    [
      z.string(),
      z.strictObject({
        value: z.string(),
        secret: z
          .boolean()
          .optional()
          .describe("True to show the value masked, like a password, once saved."),
      }),
    ],
    { message: 'A header value is text, or { "value": text, "secret": true }.' },
  )
  .superRefine((entry, ctx) => {
    const text = headerText.safeParse(typeof entry === "string" ? entry : entry.value);
    for (const issue of text.error?.issues ?? []) {
      ctx.addIssue({ code: "custom", message: issue.message });
    }
  });

/** The custom headers an HTTP or keyword monitor sends: name to value (or marked value). */
export const requestHeadersSchema = z
  .record(
    z.string().regex(HEADER_NAME, { message: "Header names may use letters, digits and - only." }),
    headerEntry,
  )
  .refine((value) => Object.keys(value).length <= 30, {
    message: "A monitor can send at most 30 custom headers.",
  })
  .refine(
    (value) => Object.keys(value).every((name) => !FORBIDDEN_HEADERS.has(name.toLowerCase())),
    {
      message: "Host, Content-Length, Transfer-Encoding and Connection are set by Upwatch itself.",
    },
  );

/** One custom header's value: text, or text with a `secret` mark. */
export type HeaderEntry = z.output<typeof headerEntry>;

/** The text a header entry sends. */
export function headerValue(entry: HeaderEntry): string {
  return typeof entry === "string" ? entry : entry.value;
}

/** Whether a header's value is a secret: marked so, or named like a credential. */
export function isSecretHeader(name: string, entry: HeaderEntry): boolean {
  if (typeof entry !== "string" && entry.secret === true) return true;
  const lower = name.toLowerCase();
  return CREDENTIAL_HEADER_WORDS.some((word) => lower.includes(word));
}
