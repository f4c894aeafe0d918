import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** The product's address in single sign-on tests, and the callback the provider returns to. */
export const PUBLIC_URL = "http://localhost:3000";
export const CALLBACK = `${PUBLIC_URL}/api/v1/auth/sso/callback`;

let domains = 0;
/** A domain no other test uses, so every organisation can claim and prove its own. */
export function freshDomain(prefix: string): string {
  domains += 1;
  return `${prefix}-${domains}-${Date.now()}.example`;
}

/** The state cookie the start of a single sign-on gave the browser, as a request header. */
export function stateCookieOf(started: LightMyRequestResponse): { cookie?: string } {
  const header = started.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  const state = cookies
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("upwatch_sso_state="));
  return state ? { cookie: state } : {};
}

/** The provider sends the browser that started the sign-in back to the app's callback. */
export function returnFromProvider(
  app: FastifyInstance,
  started: LightMyRequestResponse,
  back: URL,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: stateCookieOf(started),
  });
}
