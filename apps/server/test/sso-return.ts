import type { FastifyInstance, LightMyRequestResponse } from "fastify";

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
