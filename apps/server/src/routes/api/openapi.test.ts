import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("the OpenAPI document", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it("is served without a key and lists every operation", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/account",
      "/monitors",
      "/monitors/{id}",
      "/monitors/{id}/checks",
      "/monitors/{id}/pause",
      "/monitors/{id}/resume",
      "/monitors/{id}/stats",
    ]);
    expect(Object.keys(document.paths["/monitors/{id}"]).sort()).toEqual([
      "delete",
      "get",
      "patch",
    ]);
  });

  it("describes the request bodies with the validation schemas", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const create = document.paths["/monitors"].post.requestBody.content["application/json"].schema;
    const types = create.oneOf.map(
      (variant: { properties: { type: { const: string } } }) => variant.properties.type.const,
    );
    expect(types).toEqual(["http", "keyword", "ping", "tcp", "dns", "ssl"]);
    const http = create.oneOf[0].properties;
    expect(http.timeout_seconds).toMatchObject({ minimum: 1, maximum: 60, default: 30 });
    expect(http.interval_seconds).toMatchObject({ minimum: 30, maximum: 3600 });
    const stats = document.paths["/monitors/{id}/stats"].get.parameters;
    expect(stats.find((p: { name: string }) => p.name === "range").schema.enum).toEqual([
      "24h",
      "7d",
      "30d",
    ]);
    expect(document.paths["/monitors"].post.responses["429"]).toBeDefined();
  });
});
