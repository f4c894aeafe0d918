import { secureValueForms } from "./secure-value-forms.ts";

/** Shown wherever a secure value would appear. */
export const MASK = "********";

/** Extracted and asserted values are shown up to this many characters. */
export const SHOWN_VALUE_LIMIT = 200;

/**
 * Replaces every occurrence of each secure value with the mask, in every form the value can
 * take on its way back from a target (secure-value-forms.ts); hex digits of `%XX` and `\uXXXX`
 * escapes match in either case, as servers write them either way.
 */
export function createMask(secureValues: Record<string, string> = {}): (text: string) => string {
  const forms = new Set<string>();
  for (const value of Object.values(secureValues)) {
    if (value === "") continue;
    for (const form of secureValueForms(value)) forms.add(form);
  }
  // Longest first, so a value containing another, or a longer form of it, is masked whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  const pattern = new RegExp(ordered.map(formPattern).join("|"), "g");
  return (text) => text.replace(pattern, MASK);
}

const ESCAPE = /%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}/g;

function formPattern(form: string): string {
  let pattern = "";
  let last = 0;
  for (const match of form.matchAll(ESCAPE)) {
    pattern += literal(form.slice(last, match.index));
    pattern += [...match[0]].map(eitherCase).join("");
    last = match.index + match[0].length;
  }
  return pattern + literal(form.slice(last));
}

function eitherCase(char: string): string {
  return /[a-fA-F]/.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : literal(char);
}

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** A value as shown in a step's log: masked, then cut. */
export function showValue(value: string, mask: (text: string) => string): string {
  const masked = mask(value);
  return masked.length > SHOWN_VALUE_LIMIT ? masked.slice(0, SHOWN_VALUE_LIMIT) : masked;
}

/** Any text in a run's outcome is cut to this, after masking, so reports stay small. */
export const OUTCOME_TEXT_LIMIT = 2000;

/** Masks every string inside a plain JSON-like value, then cuts it to OUTCOME_TEXT_LIMIT. */
export function maskDeep<T>(value: T, mask: (text: string) => string): T {
  if (typeof value === "string") return mask(value).slice(0, OUTCOME_TEXT_LIMIT) as T;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, mask)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, maskDeep(entry, mask)]),
    ) as T;
  }
  return value;
}
