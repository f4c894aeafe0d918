/** The REST API the signed-in app talks to: same origin, under this prefix. */
export const API_BASE = "/api/v1";

/** Where the signed-in app lives on this server. */
export const APP_BASE = "/app";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Answers that are part of signing in: a 401 there is the answer itself (a wrong password, no
 * session yet), not a sign that the session ended.
 */
const SIGN_IN_PATHS = [
  "/auth/session",
  "/auth/login",
  "/auth/register",
  "/auth/password-reset",
  "/auth/password-reset/complete",
  "/auth/login/two-factor",
  "/auth/login/two-factor/setup",
  "/auth/login/two-factor/enable",
];

export const NETWORK_ERROR = "We could not reach Upwatch. Check your connection and try again.";

/** A request the API refused or that did not reach it; `detail` is a sentence to show as is. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  /** Seconds the server asked to wait (429 answers), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, detail: string, retryAfter?: number) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.retryAfter = retryAfter;
  }
}

/** The sentence to show for a failed request: the API's detail, or the error as text. */
export function errorDetail(error: unknown): string {
  return error instanceof ApiError ? error.detail : String(error);
}

/** The sentence shown when a screen's data failed to load: the server's detail, or why there was none. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return "The server could not be reached. Check your connection and try again.";
}

let csrfToken: string | undefined;

/** Remembers the session's security token, sent with every state-changing request. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One call to the API. Resolves with the parsed JSON body (undefined for 204); throws
 * `ApiError` otherwise. A 401 outside signing in sends the visitor to the login page.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (UNSAFE_METHODS.has(method) && csrfToken) headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.ok) {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const error = new ApiError(
    response.status,
    await detailOf(response),
    retryAfterOf(response.headers.get("retry-after")),
  );
  if (response.status === 401 && !SIGN_IN_PATHS.includes(path.split("?")[0] ?? "")) {
    setCsrfToken(undefined);
    window.location.assign(loginPath(currentAppPath()));
  }
  throw error;
}

/** The login page's address that comes back to `next` after signing in. */
export function loginPath(next?: string): string {
  const login = `${APP_BASE}/login`;
  return next && next !== APP_BASE && next !== `${APP_BASE}/`
    ? `${login}?next=${encodeURIComponent(next)}`
    : login;
}

/**
 * Where to go after signing in: `next` when it is a path of this app on this origin,
 * otherwise the app's first screen. Anything else (another site, `//host`, a script URL) is
 * ignored so that a crafted link cannot send the visitor away.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) {
    return APP_BASE;
  }
  try {
    const url = new URL(next, "http://upwatch.invalid");
    if (url.origin !== "http://upwatch.invalid") return APP_BASE;
    if (url.pathname !== APP_BASE && !url.pathname.startsWith(`${APP_BASE}/`)) return APP_BASE;
    if (/^\/app\/(login|register|forgot-password|reset-password)\/?$/.test(url.pathname)) {
      return APP_BASE;
    }
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return APP_BASE;
  }
}

function currentAppPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === "string" && body.detail) return body.detail;
  } catch {
    // Not JSON: a proxy's error page, for instance.
  }
  if (response.status === 429) return "Too many requests. Wait a minute and try again.";
  if (response.status >= 500) {
    return `Something went wrong on our side (error ${response.status}). Try again in a moment.`;
  }
  return `The request was refused (error ${response.status}). Reload the page and try again.`;
}

function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
