import type { FastifyInstance, FastifyRequest } from "fastify";

/** One log line per request, with the path only: query strings can carry tokens. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: loggedPath(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
}

/** The path without its query, and with a token in the path (ping URLs, alert links) masked. */
function loggedPath(request: FastifyRequest): string {
  const path = request.url.split("?")[0] ?? "";
  const token = (request.params as { token?: unknown } | undefined)?.token;
  return typeof token === "string" && token !== "" ? path.replace(token, ":token") : path;
}
