/** The value of one cookie in a `Cookie` request header, or undefined when it is not there. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds the browser keeps it; 0 deletes it. */
  maxAgeSeconds: number;
  /** Sent only over HTTPS. */
  secure: boolean;
}

/** A `Set-Cookie` value for a first-party, script-invisible cookie on the whole site. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const expires = new Date(
    options.maxAgeSeconds > 0 ? Date.now() + options.maxAgeSeconds * 1000 : 0,
  );
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${options.maxAgeSeconds}`,
    `Expires=${expires.toUTCString()}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
