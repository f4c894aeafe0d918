import type { FastifyInstance } from "fastify";

/** One log line per request, with the path only: query strings can carry tokens. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
}
