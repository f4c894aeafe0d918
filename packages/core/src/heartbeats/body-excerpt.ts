import { HEARTBEAT_LIMITS } from "./heartbeat-options.ts";

const decoder = new TextDecoder("utf-8", { fatal: false });

/**
 * The start of a ping's body as storable, readable text: at most 1 KiB of it, a character cut
 * at the end dropped, and control characters other than tab and line breaks written as `\xNN`
 * so binary bodies are stored safely. Null when the body is empty.
 */
export function bodyExcerpt(body: Uint8Array): string | null {
  if (body.length === 0) return null;
  const limit = HEARTBEAT_LIMITS.bodyExcerptBytes;
  let end = Math.min(body.length, limit);
  if (body.length > limit) end = lastCharacterBoundary(body, end);
  const text = decoder.decode(body.subarray(0, end));
  let escaped = "";
  for (const character of text) escaped += readable(character);
  return escaped.slice(0, limit);
}

/** Where the UTF-8 character that `end` might cut starts, so it is left out whole. */
function lastCharacterBoundary(body: Uint8Array, end: number): number {
  let start = end;
  while (start > 0 && start > end - 4 && ((body[start] ?? 0) & 0xc0) === 0x80) start -= 1;
  return start;
}

/** A character as stored: control characters (but tab and line breaks) and undecodable bytes escaped. */
function readable(character: string): string {
  if (character === "\ufffd") return "\\ufffd";
  const code = character.codePointAt(0) ?? 0;
  const control = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
  return control ? `\\x${code.toString(16).padStart(2, "0")}` : character;
}
