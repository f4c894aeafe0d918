/** Shown wherever a secure value would appear. */
export const MASK = "********";

/** Extracted and asserted values are shown up to this many characters. */
export const SHOWN_VALUE_LIMIT = 200;

/**
 * Replaces every occurrence of each secure value with the mask, also in the forms a value takes
 * when a target echoes it inside JSON or a URL.
 */
export function createMask(secureValues: Record<string, string> = {}): (text: string) => string {
  const forms = new Set<string>();
  for (const value of Object.values(secureValues)) {
    if (value === "") continue;
    forms.add(value);
    forms.add(JSON.stringify(value).slice(1, -1));
    forms.add(encodeURIComponent(value));
    forms.add(encodeURI(value));
  }
  // Longest first, so a value containing another is masked whole.
  const ordered = [...forms].filter((form) => form !== "").sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => ordered.reduce((masked, form) => masked.split(form).join(MASK), text);
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
