import { openDatabase } from "@upwatch/db";
import { describe, expect, it } from "vitest";
import { buildTestApp, testConfig } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { buildApp } from "../app.ts";

describeEachDatabase("the health check", (db) => {
  it("answers 200 with the database ok", async () => {
    const app = await buildTestApp(db());
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
    await app.close();
  });
});

describe("the health check without a database", () => {
  it("answers 503 with a detail when PostgreSQL cannot be reached", async () => {
    const unreachable = openDatabase({ url: "postgres://nobody@127.0.0.1:1/none", dataDir: "." });
    const app = await buildApp({ config: testConfig(), database: unreachable });
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      database: "unreachable",
      detail: "The database cannot be reached.",
    });
    await app.close();
    await unreachable.close();
  });
});
