import type { IncomingMessage, ServerResponse } from "node:http";
import { StripeFakeError } from "./stripe-error.ts";
import { parseStripeForm } from "./stripe-form.ts";

/** One API request, its path's `:names` and its parameters (query or form body) read. */
export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
}

/** One route of the fake API, such as `GET /v1/prices/:id`. */
export interface FakeRoute {
  method: "GET" | "POST" | "DELETE";
  path: string;
  handle(request: FakeRequest): unknown;
}

interface Replay {
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * Answers `/v1/...` as Stripe does: a bearer secret key, a Stripe-Version, form-encoded bodies
 * and idempotency keys whose repeat answers the first answer again; errors in Stripe's shape.
 */
export function apiHandler(secretKey: string, routes: readonly FakeRoute[]) {
  const replays = new Map<string, Replay>();
  return async (request: IncomingMessage, response: ServerResponse, text: string) => {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", "http://fake");
    let status = 200;
    let body: unknown;
    const key = header(request, "idempotency-key");
    const fingerprint = `${method} ${url.pathname} ${url.search} ${text}`;
    const replay = key ? replays.get(key) : undefined;
    try {
      checkCredentials(request, secretKey);
      if (replay && replay.fingerprint !== fingerprint) {
        throw new StripeFakeError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          { type: "idempotency_error" },
        );
      }
      if (replay) {
        response.setHeader("idempotent-replayed", "true");
        status = replay.status;
        body = replay.body;
      } else {
        body = route(routes, method, url, readParameters(request, method, url, text));
      }
    } catch (error) {
      const refusal =
        error instanceof StripeFakeError
          ? error
          : new StripeFakeError(500, `The fake failed: ${(error as Error).message}`, {
              type: "api_error",
            });
      status = refusal.status;
      body = refusal.body;
    }
    if (key && !replay && method === "POST" && status < 500) {
      replays.set(key, { fingerprint, status, body });
    }
    response.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
    response.end(JSON.stringify(body));
  };
}

function checkCredentials(request: IncomingMessage, secretKey: string): void {
  const authorization = header(request, "authorization");
  if (authorization !== `Bearer ${secretKey}`) {
    throw new StripeFakeError(
      401,
      authorization
        ? "Invalid API Key provided."
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const version = header(request, "stripe-version");
  if (!version || !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version)) {
    throw new StripeFakeError(400, `Invalid Stripe API version: ${version ?? "(none)"}`, {
      code: "api_version_invalid",
    });
  }
}

function readParameters(
  request: IncomingMessage,
  method: string,
  url: URL,
  text: string,
): Record<string, unknown> {
  if (method !== "POST") return parseForm(url.search.slice(1));
  const type = header(request, "content-type") ?? "";
  if (text !== "" && !type.startsWith("application/x-www-form-urlencoded")) {
    throw new StripeFakeError(
      400,
      "Invalid request: the body must be application/x-www-form-urlencoded.",
    );
  }
  return parseForm(text);
}

function parseForm(text: string): Record<string, unknown> {
  try {
    return parseStripeForm(text);
  } catch (error) {
    throw new StripeFakeError(400, (error as Error).message);
  }
}

function route(
  routes: readonly FakeRoute[],
  method: string,
  url: URL,
  body: Record<string, unknown>,
): unknown {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const params = matchPath(candidate.path, url.pathname);
    if (params) return candidate.handle({ method, path: url.pathname, params, body });
  }
  throw new StripeFakeError(
    404,
    `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split("/");
  const given = path.split("/");
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const actual = decodeURIComponent(given[index] ?? "");
    if (part.startsWith(":")) params[part.slice(1)] = actual;
    else if (part !== actual) return null;
  }
  return params;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
