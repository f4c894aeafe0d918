import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { addClosingStep } from "../closing-steps.ts";
import type { ServerMetrics } from "./server-metrics.ts";

export interface MetricsServing {
  metrics: ServerMetrics;
  /** With a token, the main listener serves `/metrics` to requests that bear it. */
  token?: string | undefined;
  /** With a port, a listener of its own on `host` serves `/metrics` without a token. */
  port?: number | undefined;
  host: string;
}

const NO_TOKEN = "Send the metrics token as Authorization: Bearer <token>.";
const WRONG_TOKEN = "The metrics token is not valid.";
const SERVER_FAULT = "Something went wrong on our side. Please try again in a moment.";

/**
 * Serves `GET /metrics` where the operator opened it: behind a bearer token on the main port,
 * and/or on a port of its own (started and stopped with the app). Elsewhere it stays a 404.
 */
export function serveMetrics(app: FastifyInstance, serving: MetricsServing): void {
  const { metrics, token, port } = serving;
  if (token) {
    const expected = digest(token);
    app.get("/metrics", async (request, reply) => {
      const given = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        return reply.code(401).send({ detail: given ? WRONG_TOKEN : NO_TOKEN });
      }
      const body = await metrics.render();
      return reply.header("cache-control", "no-store").type(metrics.contentType).send(body);
    });
  }
  if (port) listenForMetrics(app, serving, port);
}

/** Hashing first gives both sides one length, so the comparison's time says nothing. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function listenForMetrics(app: FastifyInstance, serving: MetricsServing, port: number): void {
  const { metrics, host } = serving;
  const log = app.log.child({ part: "metrics" });
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    const method = request.method ?? "GET";
    if (path !== "/metrics" || (method !== "GET" && method !== "HEAD")) {
      return answer(response, 404, { detail: `There is nothing at ${method} ${path}.` });
    }
    metrics.render().then(
      (body) => {
        response.writeHead(200, {
          "content-type": metrics.contentType,
          "cache-control": "no-store",
        });
        response.end(method === "HEAD" ? undefined : body);
      },
      (error: unknown) => {
        log.error({ err: error }, "metrics: collecting failed");
        answer(response, 500, { detail: SERVER_FAULT });
      },
    );
  });
  app.addHook("onReady", async () => {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    log.info({ host, port }, `metrics are served on ${host}:${port}/metrics`);
  });
  addClosingStep(app, "the metrics listener", async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}

function answer(response: ServerResponse, status: number, body: { detail: string }): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}
