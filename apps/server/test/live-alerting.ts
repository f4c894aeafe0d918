import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildTestApp } from "./app.ts";
import type { TestDatabase } from "./databases.ts";
import { type Receiver, startReceiver } from "./receivers.ts";

/**
 * Sets up, for the suite it is called in, a loopback target that answers every check with 503,
 * a webhook receiver that answers 204, and the app on `db` really running checks and alerting.
 */
export function useFailingTargetAndWebhookReceiver(db: () => TestDatabase) {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let receiver: Receiver;
  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(503).end());
    receiver = await startReceiver(() => ({ status: 204 }));
    app = await buildTestApp(db(), {
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
      startAlerting: true,
    });
  });
  afterAll(async () => {
    await app.close();
    await target.close();
    await receiver.close();
  });
  return {
    get app() {
      return app;
    },
    get target() {
      return target;
    },
    get receiver() {
      return receiver;
    },
  };
}

/** Calls /api/v1 with `headers` and answers the parsed body. */
export function jsonApi(app: FastifyInstance, headers: Record<string, string>) {
  return async (method: "POST" | "PUT" | "GET", url: string, payload?: object) =>
    (
      await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) })
    ).json();
}

/** A webhook channel to `receiver`, attached to every monitor created after it. */
export function webhookForNewMonitors(receiver: Receiver) {
  return {
    type: "webhook",
    config: { url: `${receiver.url}/hooks` },
    attach_to_new_monitors: true,
  };
}
