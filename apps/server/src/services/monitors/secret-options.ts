import { type HeaderEntry, headerValue, isSecretHeader } from "@upwatch/core";

/** What the API shows instead of a stored password, token or secret header value. */
export const SECRET_MASK = "********";

interface WithAuth {
  auth?: { type: string; password?: string; token?: string } | null;
}

interface WithHeaders {
  headers?: Record<string, HeaderEntry>;
}

/** The options with any password, token or secret header value replaced by the mask. */
export function maskSecrets(options: object): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...options };
  const auth = (options as WithAuth).auth;
  if (auth) {
    const masked = { ...auth };
    if (masked.password !== undefined) masked.password = SECRET_MASK;
    if (masked.token !== undefined) masked.token = SECRET_MASK;
    shown.auth = masked;
  }
  const headers = (options as WithHeaders).headers;
  if (headers) shown.headers = maskHeaders(headers);
  return shown;
}

function maskHeaders(headers: Record<string, HeaderEntry>): Record<string, HeaderEntry> {
  const shown: Record<string, HeaderEntry> = {};
  for (const [name, entry] of Object.entries(headers)) {
    if (!isSecretHeader(name, entry)) shown[name] = entry;
    else shown[name] = typeof entry === "string" ? SECRET_MASK : { ...entry, value: SECRET_MASK };
  }
  return shown;
}

/**
 * Options sent back as shown (with the mask) keep the stored secret, so a client can change
 * other options without knowing the password.
 */
export function keepMaskedSecrets(
  incoming: Record<string, unknown>,
  stored: object,
): Record<string, unknown> {
  const kept = { ...incoming, ...keptAuth(incoming, stored) };
  const next = (incoming as WithHeaders).headers;
  const previous = (stored as WithHeaders).headers;
  if (isHeaderRecord(next) && previous) kept.headers = keptHeaders(next, previous);
  return kept;
}

function keptAuth(incoming: Record<string, unknown>, stored: object): Record<string, unknown> {
  const next = (incoming as WithAuth).auth;
  const previous = (stored as WithAuth).auth;
  if (!next || !previous || next.type !== previous.type) return {};
  const auth = { ...next };
  if (auth.password === SECRET_MASK) auth.password = previous.password;
  if (auth.token === SECRET_MASK) auth.token = previous.token;
  return { auth };
}

/**
 * A header sent back with the mask keeps the value stored under the same name (in any case)
 * when that value was shown masked. A value marked secret stays marked: unmarking one means
 * typing its value again, so the mark cannot be dropped to read the stored value.
 */
function keptHeaders(
  incoming: Record<string, unknown>,
  stored: Record<string, HeaderEntry>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(incoming)) {
    kept[name] = entry;
    if (!isMask(entry)) continue;
    const match = Object.entries(stored).find(
      ([storedName, storedEntry]) =>
        storedName.toLowerCase() === name.toLowerCase() && isSecretHeader(storedName, storedEntry),
    );
    if (!match) continue;
    const [, storedEntry] = match;
    const marked = typeof storedEntry !== "string" && storedEntry.secret === true;
    const value = headerValue(storedEntry);
    if (marked) kept[name] = { value, secret: true };
    else kept[name] = typeof entry === "string" ? value : { ...(entry as object), value };
  }
  return kept;
}

function isMask(entry: unknown): boolean {
  if (entry === SECRET_MASK) return true;
  return typeof entry === "object" && entry !== null && "value" in entry
    ? entry.value === SECRET_MASK
    : false;
}

function isHeaderRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
