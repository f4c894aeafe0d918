import type { FastifyInstance, LightMyRequestResponse } from "fastify";

let counter = 0;

/** A fresh address for a test user. */
export function uniqueEmail(name = "user"): string {
  counter += 1;
  return `${name}-${counter}-${Date.now()}@example.com`;
}

/** The `Set-Cookie` header of an answer as one string (the API sets at most one cookie). */
export function setCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers["set-cookie"];
  return Array.isArray(header) ? header.join("\n") : header;
}

/** A signed-in browser as the API sees it: the session cookie and the CSRF token. */
export interface TestSession {
  email: string;
  password: string;
  token: string;
  csrf: string;
  userId: string;
  accountId: string;
  /** The cookie header alone (reads). */
  cookie: Record<string, string>;
  /** The cookie and the CSRF header (changes). */
  headers: Record<string, string>;
}

/** Reads the session of a sign-in answer (register, login, reset). */
export function sessionFrom(
  response: LightMyRequestResponse,
  email: string,
  password: string,
): TestSession {
  const token = /upwatch_session=([^;]+)/.exec(setCookieOf(response) ?? "")?.[1];
  if (!token) throw new Error(`No session cookie in ${response.statusCode} ${response.body}`);
  const body = response.json();
  const cookie = { cookie: `upwatch_session=${token}` };
  return {
    email,
    password,
    token,
    csrf: body.csrf_token,
    userId: body.user.id,
    accountId: body.account.id,
    cookie,
    headers: { ...cookie, "x-csrf-token": body.csrf_token },
  };
}

/** Registers a new user through the API and returns the signed-in session. */
export async function registerUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = "a long enough password",
): Promise<TestSession> {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/auth/register",
    payload: { email, password },
  });
  if (response.statusCode !== 201) throw new Error(`Registering failed: ${response.body}`);
  return sessionFrom(response, email, password);
}

/** Signs in through the API. */
export function logInRequest(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = "127.0.0.1",
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email, password },
    remoteAddress,
  });
}
