import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const CHECKING = { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" };

describeEachDatabase("expected status codes and ranges of a monitor", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    target = await startHttpServer((request, response) => {
      if (request.url === "/moved") return response.writeHead(302, { location: "/" }).end();
      if (request.url === "/gone") return response.writeHead(410).end();
      response.end("ok");
    });
    app = await buildTestApp(db(), { env: CHECKING });
    account = await createTestAccount(db(), "free");
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  const api = (method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
  const create = (name: string, path: string, options: object) =>
    api("POST", "/monitors", {
      type: "http",
      name,
      target: `http://127.0.0.1:${target.port}${path}`,
      options,
    });
  /** The first check's verdict, once the monitor (checked at once on creation) has one. */
  const firstCheck = async (id: string) => {
    await expect
      .poll(async () => (await api("GET", `/monitors/${id}/checks`)).json().data.length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    return (await api("GET", `/monitors/${id}/checks`)).json().data[0];
  };

  it("stores codes and ranges tidily and judges a redirect inside a range as up", async () => {
    const options = { follow_redirects: false, expected_status_codes: [200, "301 - 308"] };
    const created = await create("Redirects", "/moved", options);
    expect(created.statusCode).toBe(201);
    expect(created.json().options.expected_status_codes).toEqual([200, "301-308"]);
    const id = created.json().id;
    expect((await api("GET", `/monitors/${id}`)).json().options.expected_status_codes).toEqual([
      200,
      "301-308",
    ]);
    expect(await firstCheck(id)).toMatchObject({ status: "up", status_code: 302, error: null });
  });

  it("counts a redirect as down when no codes are given, since the default is any 2xx", async () => {
    const id = (await create("Default", "/moved", { follow_redirects: false })).json().id;
    expect(await firstCheck(id)).toMatchObject({
      status: "down",
      status_code: 302,
      error: "Expected a 2xx status but the server answered 302 Found.",
    });
  });

  it("names the codes and ranges it expected when the answer is outside them", async () => {
    const created = await create("Gone", "/gone", { expected_status_codes: ["200-299", 404] });
    expect(await firstCheck(created.json().id)).toMatchObject({
      status: "down",
      error: "Expected 200-299, 404 but the server answered 410 Gone.",
    });
  });

  it("refuses a reversed range, a range past 599 and too many entries with sentences", async () => {
    const reversed = await create("Reversed", "/", { expected_status_codes: ["299-200"] });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain(
      "The range 299-200 is reversed: write the lower code first (200-299).",
    );
    const outside = await create("Outside", "/", { expected_status_codes: ["500-600"] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toContain(
      "The range 500-600 goes outside status codes 100 to 599.",
    );
    const many = Array.from({ length: 51 }, (_, i) => 200 + i);
    const tooMany = await create("Too many", "/", { expected_status_codes: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain("List at most 50 expected status codes or ranges.");
  });
});
