import type { StepOf } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import type { RunState } from "./run-state.ts";
import { fillVariables } from "./run-variables.ts";
import { formPiece, jsonPiece, pathPiece, queryPiece } from "./secure-value-forms.ts";

/** A request as it is sent, variables filled in. */
export interface FilledRequest {
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** RFC 9110 token characters: anything else cannot be sent as a header name. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Fills a request step's variables so each secure value reaches the target whole, as one value
 * a mask can find on its way back: in a URL's path or query it is percent-encoded (a `#`, `?`
 * or `&` in it cannot cut the URL or split a parameter; `/` stays a path separator in the path);
 * where the address itself begins it is used as written, but for `#`, sent as `%23`; in a JSON
 * body, inside a string, it is escaped as JSON; in a form-encoded body, form-encoded. Header
 * values go as UTF-8 bytes; one holding a line break or another control character is refused,
 * as no header can carry it.
 */
export function fillRequest(step: StepOf<"http_request">, state: RunState): FilledRequest {
  const { config } = step;
  const url = fillVariables(config.url, state, placeInUrl);
  const headers: Record<string, string> = {};
  for (const [template, valueTemplate] of Object.entries(config.headers)) {
    const name = fillVariables(template, state);
    const value = fillVariables(valueTemplate, state);
    if (!HEADER_NAME.test(name)) {
      throw new CheckError(
        `The header name ${JSON.stringify(name)} is not a valid HTTP header name once its variables are filled in.`,
      );
    }
    if (holdsControlCharacter(value)) {
      throw new CheckError(
        `The value of header ${name} holds a line break or another control character once its variables are filled in, which a header cannot carry.`,
      );
    }
    headers[name] = Buffer.from(value, "utf8").toString("latin1");
  }
  const body =
    config.body === null
      ? null
      : fillVariables(config.body, state, bodyPlacement(contentTypeOf(headers)));
  return { url, headers, body };
}

/** Control characters other than tab end or break a header line. */
function holdsControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

function placeInUrl(value: string, filledBefore: string): string {
  if (/[?#]/.test(filledBefore)) return queryPiece(value);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\\]*[/\\]/.test(filledBefore)) return pathPiece(value);
  return value.replaceAll("#", "%23");
}

function contentTypeOf(headers: Record<string, string>): string {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type");
  return entry ? entry[1].toLowerCase() : "";
}

function bodyPlacement(contentType: string) {
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    return (value: string) => formPiece(value);
  }
  if (/^[\w.-]+\/([\w.-]+\+)?json\b/.test(contentType)) {
    const reading = jsonStringReading();
    return (value: string, filledBefore: string) =>
      reading.insideString(filledBefore) ? jsonPiece(value) : value;
  }
  return undefined;
}

/** Tells whether a growing JSON text ends inside a string, reading each character once. */
function jsonStringReading() {
  let read = 0;
  let inString = false;
  let escaped = false;
  return {
    insideString(text: string): boolean {
      for (; read < text.length; read++) {
        const char = text[read];
        if (escaped) escaped = false;
        else if (inString && char === "\\") escaped = true;
        else if (char === '"') inString = !inString;
      }
      return inString;
    },
  };
}
