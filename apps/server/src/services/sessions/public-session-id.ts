import { createHash } from "node:crypto";

/**
 * The id a session is shown under: derived from its stored hash, so the list never hands out
 * what identifies the session itself.
 */
export function publicSessionId(tokenHash: string): string {
  return createHash("sha256").update(`session:${tokenHash}`).digest("hex").slice(0, 16);
}
