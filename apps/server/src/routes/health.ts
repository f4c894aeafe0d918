import type { DatabaseHandle } from "@upwatch/db";
import type { FastifyInstance } from "fastify";

/** `GET /healthz`: 200 when the database answers, 503 with a detail when it does not. */
export async function healthRoutes(app: FastifyInstance, options: { database: DatabaseHandle }) {
  app.get("/healthz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await options.database.ping();
      return { status: "ok", database: "ok" };
    } catch (error) {
      request.log.warn({ err: error }, "health check: database unreachable");
      return reply.code(503).send({
        status: "unavailable",
        database: "unreachable",
        detail: "The database cannot be reached.",
      });
    }
  });
}
