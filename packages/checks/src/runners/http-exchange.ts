import { request as httpRequest, type IncomingMessage } from "node:http";
import { type CheckTimings, type HttpOptions, headerValue } from "@upwatch/core";
import { CheckError, describeNetworkError } from "../check-error.ts";
import { describeEndpoint, openConnection } from "../network/open-connection.ts";
import type { CheckContext } from "../runner.ts";
import { ACCEPTED_ENCODINGS, type BodyText, readBody } from "./response-body.ts";

/** How much of each answer's body to read, and whether to ask for and undo compression. */
export interface BodyReading {
  limit: number;
  decompress?: boolean;
}

/** The final answer of an HTTP exchange, after any redirects. */
export interface HttpAnswer {
  statusCode: number;
  /** The body as text, up to the exchange's limit; empty unless asked for. */
  body: string;
  /** The body went on past the limit; only the limit was read. */
  bodyTruncated: boolean;
  /** The final response's headers, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  timings: CheckTimings;
  url: URL;
}

const MAX_REDIRECTS = 10;
const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "Upwatch/0.1 (uptime monitor)";

/**
 * Sends the monitor's request, following redirects when asked, through the guarded network:
 * every hop resolves and validates its own host, so a redirect cannot lead into a refused range.
 * Once a redirect leaves the target's origin, the monitor's custom headers and credentials stay
 * behind for every later hop, so a target cannot forward them to a host it names.
 */
export async function exchangeHttp(
  target: string,
  options: HttpOptions,
  context: CheckContext,
  reading: BodyReading,
): Promise<HttpAnswer> {
  let url = new URL(target);
  let method: string = options.method;
  let body = options.body;
  let sameOrigin = true;
  const totals: CheckTimings = { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null };
  for (let hop = 0; ; hop++) {
    const answer = await exchangeOnce(url, method, body, options, sameOrigin, context, reading);
    addTimings(totals, answer.timings);
    const location = answer.location;
    if (!options.follow_redirects || !REDIRECT_CODES.has(answer.statusCode) || !location) {
      const { statusCode, headers } = answer;
      const { text, truncated } = answer.body;
      return { statusCode, body: text, bodyTruncated: truncated, headers, timings: totals, url };
    }
    if (hop >= MAX_REDIRECTS) {
      throw new CheckError(
        `More than ${MAX_REDIRECTS} redirects; the last pointed to ${location}.`,
      );
    }
    const next = new URL(location, url);
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      throw new CheckError(`A redirect pointed to ${next.protocol} which is not HTTP.`);
    }
    if (next.origin !== url.origin) sameOrigin = false;
    const keepsMethod = answer.statusCode === 307 || answer.statusCode === 308;
    if (!keepsMethod && method !== "HEAD") {
      method = "GET";
      body = null;
    }
    url = next;
  }
}

interface HopAnswer {
  statusCode: number;
  location: string | undefined;
  body: BodyText;
  headers: Record<string, string>;
  timings: CheckTimings;
}

async function exchangeOnce(
  url: URL,
  method: string,
  body: string | null,
  options: HttpOptions,
  sameOrigin: boolean,
  context: CheckContext,
  reading: BodyReading,
): Promise<HopAnswer> {
  const secure = url.protocol === "https:";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const endpoint = describeEndpoint({ host, port });
  const connection = await openConnection(
    { host, port, tls: secure ? { verify: options.verify_tls } : undefined },
    context.network,
    context.signal,
  );
  const sent = performance.now();
  const headers = requestHeaders(url, body, options, sameOrigin, reading.decompress === true);
  return new Promise<HopAnswer>((resolve, reject) => {
    const request = httpRequest({
      method,
      path: `${url.pathname}${url.search}`,
      headers,
      createConnection: () => connection.socket,
      signal: context.signal,
    });
    request.once("error", (error) => {
      connection.socket.destroy();
      reject(context.signal.aborted ? context.signal.reason : describeAs(error, endpoint));
    });
    request.once("response", (response) => {
      const firstByteMs = performance.now() - sent;
      const limit = method === "HEAD" ? 0 : reading.limit;
      readBody(response, limit, reading.decompress === true).then(
        (text) => {
          connection.socket.destroy();
          resolve({
            statusCode: response.statusCode ?? 0,
            location: response.headers.location,
            body: text,
            headers: headerRecord(response),
            timings: {
              dnsMs: connection.dnsMs,
              connectMs: connection.connectMs,
              tlsMs: connection.tlsMs,
              firstByteMs,
            },
          });
        },
        (error: unknown) => {
          connection.socket.destroy();
          reject(context.signal.aborted ? context.signal.reason : describeAs(error, endpoint));
        },
      );
    });
    request.end(body ?? undefined);
  });
}

function requestHeaders(
  url: URL,
  body: string | null,
  options: HttpOptions,
  sameOrigin: boolean,
  decompress: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    host: url.host,
    "user-agent": USER_AGENT,
    accept: "*/*",
    connection: "close",
  };
  if (sameOrigin) {
    for (const [name, entry] of Object.entries(options.headers)) headers[name] = headerValue(entry);
  }
  // The person's own Accept-Encoding, where their headers go, wins; the answer is still decoded.
  const ownEncoding = Object.keys(headers).some((name) => name.toLowerCase() === "accept-encoding");
  if (decompress && !ownEncoding) headers["accept-encoding"] = ACCEPTED_ENCODINGS;
  if (body !== null) headers["content-length"] = String(Buffer.byteLength(body));
  const auth = options.auth;
  if (sameOrigin && auth?.type === "basic") {
    const pair = Buffer.from(`${auth.username}:${auth.password}`).toString("base64");
    headers.authorization = `Basic ${pair}`;
  } else if (sameOrigin && auth?.type === "bearer") {
    headers.authorization = `Bearer ${auth.token}`;
  }
  return headers;
}

function headerRecord(response: IncomingMessage): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return record;
}

function describeAs(error: unknown, endpoint: string): CheckError {
  return new CheckError(describeNetworkError(error, endpoint));
}

function addTimings(totals: CheckTimings, hop: CheckTimings): void {
  for (const key of ["dnsMs", "connectMs", "tlsMs", "firstByteMs"] as const) {
    const value = hop[key];
    if (value !== null) totals[key] = (totals[key] ?? 0) + value;
  }
}
