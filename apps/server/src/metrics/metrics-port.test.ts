import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { freeLoopbackPort } from "../../test/ports.ts";

describeEachDatabase("metrics on a port of their own (METRICS_PORT)", (db) => {
  let app: FastifyInstance;
  let mainUrl: string;
  let metricsUrl: string;

  beforeAll(async () => {
    const metricsPort = await freeLoopbackPort();
    app = await buildTestApp(db(), {
      env: { HOST: "127.0.0.1", METRICS_PORT: String(metricsPort) },
    });
    mainUrl = await app.listen({ host: "127.0.0.1", port: 0 });
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
  });
  afterAll(() => app.close());

  it("serves /metrics on that port without a token", async () => {
    await fetch(`${mainUrl}/healthz`);
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const page = await response.text();
    expect(page).toContain(
      'upwatch_http_requests_total{method="GET",route="/healthz",status="200"} 1',
    );
    expect(page).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("serves nothing else on that port", async () => {
    const response = await fetch(`${metricsUrl}/healthz`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "There is nothing at GET /healthz." });
  });

  it("keeps /metrics off the main port", async () => {
    const response = await fetch(`${mainUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "There is nothing at GET /metrics." });
  });
});
