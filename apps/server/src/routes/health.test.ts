import { expect, it } from "vitest";
import { buildTestApp, testConfig } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { buildApp } from "../wiring/app.ts";

describeEachDatabase("the health check", (db) => {
  it("answers 200 with the database ok", async () => {
    const app = await buildTestApp(db());
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
    await app.close();
  });

  it("answers 503 with a detail once the database is gone", async () => {
    const connection = db().reopen();
    const app = await buildApp({
      config: testConfig(),
      database: connection,
      startOutboxWorker: false,
    });
    await connection.close();
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: "unavailable",
      database: "unreachable",
      detail: "The database cannot be reached.",
    });
    await app.close();
  });
});
