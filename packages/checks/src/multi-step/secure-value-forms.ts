import { SECURE_VALUE_MIN_CHARACTERS } from "@upwatch/core";

/**
 * Every form a secure value can take on its way back from a target, so the mask finds it in a
 * response, a log or an error: as written, misread from its UTF-8 bytes as Latin-1 (how Node
 * and many servers read header bytes) or Windows-1252, and each of those escaped as JSON (with
 * or without `\uXXXX` for non-ASCII and `\/`), percent-encoded as a URL or form encodes it, or
 * HTML-escaped; and base64 of its bytes wherever it sits in a longer base64 text (a Basic
 * credential). The forms the runner sends it in are among them. A value holding a whole address
 * also has its path, its last segments and its query values masked, as a target sees and may
 * echo them apart from the host.
 */
export function secureValueForms(value: string): string[] {
  const readings = new Set([value, latin1Reading(value), windows1252Reading(value)]);
  for (const piece of addressPieces(value)) readings.add(piece);
  const trimmed = value.trim();
  if (trimmed !== value && [...trimmed].length >= SECURE_VALUE_MIN_CHARACTERS) {
    readings.add(trimmed);
  }
  const forms = new Set<string>();
  for (const reading of readings) {
    for (const form of escapedForms(reading)) forms.add(form);
  }
  for (const form of base64Forms(value)) forms.add(form);
  forms.delete("");
  return [...forms];
}

/**
 * What a target sees of a value holding a whole http(s) address apart from its host: the path
 * and query, each path from one of its segments on, and each query value, as sent and decoded.
 */
function addressPieces(value: string): string[] {
  const address = value.replaceAll("#", "%23");
  if (!/^https?:\/\//i.test(address) || !URL.canParse(address)) return [];
  const url = new URL(address);
  const segments = url.pathname.split("/");
  const pieces = [`${url.pathname}${url.search}`, ...url.searchParams.values()];
  for (let first = 1; first < segments.length; first++) {
    const rest = segments.slice(first).join("/");
    pieces.push(rest, `/${rest}`);
  }
  return pieces
    .flatMap((piece) => [piece, decoded(piece)])
    .filter((piece) => [...piece].length >= SECURE_VALUE_MIN_CHARACTERS);
}

function decoded(piece: string): string {
  try {
    return decodeURIComponent(piece);
  } catch {
    return piece;
  }
}

/** The value in a URL's path: one piece, each character but `/` that could split it encoded. */
export function pathPiece(value: string): string {
  return queryPiece(value).replaceAll("%2F", "/");
}

/** The value in a URL's query or fragment: every character but letters, digits, `-._~` encoded. */
export function queryPiece(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, percent);
}

/** The value as an HTML form encodes it (`application/x-www-form-urlencoded`): spaces as `+`. */
export function formPiece(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/** The value inside a JSON string, as `JSON.stringify` writes it. */
export function jsonPiece(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The text as a target may write it back: encoded for a URL, a form or HTML, then for JSON. */
function escapedForms(text: string): string[] {
  const encoded = [
    text,
    text.replaceAll("#", "%23"),
    encodeURIComponent(text),
    encodeURI(text),
    queryPiece(text),
    pathPiece(text),
    formPiece(text),
    htmlEscaped(text),
    htmlEscaped(text).replaceAll("&#39;", "&#x27;"),
  ];
  return encoded.flatMap((form) => {
    const json = jsonPiece(form);
    const asciiJson = json.replace(/[\u0080-\uffff]/g, (char) => `\\u${hex4(char)}`);
    return [form, json, asciiJson, json.replaceAll("/", "\\/"), asciiJson.replaceAll("/", "\\/")];
  });
}

/** The value's UTF-8 bytes read one byte a character. */
function latin1Reading(value: string): string {
  return Buffer.from(value, "utf8").toString("latin1");
}

/** The value's UTF-8 bytes read as Windows-1252, which differs from Latin-1 in 0x80 to 0x9F. */
function windows1252Reading(value: string): string {
  return [...Buffer.from(value, "utf8")]
    .map((byte) => WINDOWS_1252_HIGH[byte - 0x80] ?? String.fromCharCode(byte))
    .join("");
}

const WINDOWS_1252_HIGH = [..."€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ"];

function htmlEscaped(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * The base64 characters that depend on the value's bytes alone, for each of the three places
 * its first byte can fall in a group of three: they appear in the base64 of any text holding
 * the value (`user:value` in a Basic credential) at least as long as `SECURE_VALUE_MIN_CHARACTERS`.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    // Characters carrying bits of the padding before, or of whatever follows, are dropped.
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    const inner = encoded.slice(first, last);
    if (inner.length < SECURE_VALUE_MIN_CHARACTERS) continue;
    forms.push(inner, inner.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return forms;
}

function percent(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

function hex4(char: string): string {
  return char.charCodeAt(0).toString(16).padStart(4, "0");
}
