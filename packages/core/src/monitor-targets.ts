import { ipVersion as isIP } from "./ip-literal.ts";

/** A host and port taken from a monitor target. */
export interface HostPort {
  host: string;
  port: number;
}

const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** True for a DNS name or an IPv4/IPv6 literal (without brackets). */
export function isHost(value: string): boolean {
  return isIP(value) !== 0 || HOSTNAME.test(value);
}

/** Removes the brackets of an IPv6 literal (`[::1]` becomes `::1`). */
export function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * Splits `host:port`, `[v6]:port` or a bare host (with `defaultPort`). Returns undefined when
 * the text is not one of those shapes or the port is out of range.
 */
export function parseHostPort(value: string, defaultPort?: number): HostPort | undefined {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const plain = /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(value);
  let host: string;
  let portText: string | undefined;
  if (bracketed) {
    host = bracketed[1]!;
    portText = bracketed[2];
    if (isIP(host) !== 6) return undefined;
  } else if (plain) {
    host = plain[1]!;
    portText = plain[2];
  } else if (isIP(value) === 6 && defaultPort !== undefined) {
    host = value;
  } else {
    return undefined;
  }
  if (!isHost(host)) return undefined;
  const port = portText === undefined ? defaultPort : Number(portText);
  if (port === undefined || !Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  return { host, port };
}

/** A DNS resolver as `ip`, `ip:port` or `[v6]:port` (port 53 when absent); undefined otherwise. */
export function parseResolverAddress(value: string): HostPort | undefined {
  const endpoint = parseHostPort(value, 53);
  return endpoint && isIP(endpoint.host) !== 0 ? endpoint : undefined;
}

/** Parses an http(s) URL target; undefined for anything else. */
export function parseHttpUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (!url.hostname || !isHost(unbracket(url.hostname))) return undefined;
  return url;
}
