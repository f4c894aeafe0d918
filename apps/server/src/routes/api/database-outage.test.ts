import type { DatabaseHandle } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { testConfig } from "../../../test/app.ts";
import { type DatabaseLink, openDatabaseLink } from "../../../test/database-link.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../../test/databases.ts";
import { buildApp } from "../../wiring/app.ts";

const TRY_AGAIN = "Upwatch cannot reach its database right now. Please try again in a few minutes.";
const MONITOR = { type: "http", name: "Home page", target: "https://example.com/" };

async function appOn(handle: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(),
    database: handle,
    startOutboxWorker: false,
    startAlerting: false,
  });
  await app.ready();
  return app;
}

const postgresUrl = inject("postgresUrl");

describe.runIf(postgresUrl)("the REST API while PostgreSQL is unreachable", () => {
  let database: TestDatabase;
  let link: DatabaseLink;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    link = await openDatabaseLink(postgresUrl);
    handle = database.reopen(link.url);
    app = await appOn(handle);
    ({ headers } = await createTestAccount(database, "hobby"));
  });
  afterAll(async () => {
    await app.close();
    await handle.close().catch(() => {});
    await link.close();
    await database.handle.close();
  });

  const list = () => app.inject({ method: "GET", url: "/api/v1/monitors", headers });
  const create = () =>
    app.inject({ method: "POST", url: "/api/v1/monitors", headers, payload: MONITOR });

  it("answers a read with 503 and a try-again sentence, then works once the database is back", async () => {
    expect((await list()).statusCode).toBe(200);
    await link.cut();

    const during = await list();

    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ detail: TRY_AGAIN });
    await link.restore();
    expect((await list()).statusCode).toBe(200);
  });

  it("answers a write with 503 and stores nothing", async () => {
    await link.cut();

    const during = await create();

    expect(during.statusCode).toBe(503);
    expect(during.json().detail).toMatch(/try again in a few minutes\.$/);
    await link.restore();
    expect((await list()).json().data).toEqual([]);
  });
});

describeEachDatabase("the REST API after its database connection closed", (db) => {
  it("answers reads and writes with 503 and a try-again sentence, not 500", async () => {
    const { headers } = await createTestAccount(db(), "hobby");
    const handle = db().reopen();
    const app = await appOn(handle);
    await handle.close();

    const read = await app.inject({ method: "GET", url: "/api/v1/monitors", headers });
    const write = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers,
      payload: MONITOR,
    });
    await app.close();

    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ detail: TRY_AGAIN });
    expect(write.statusCode).toBe(503);
    expect(write.json().detail).toMatch(/try again in a few minutes\.$/);
  });
});
