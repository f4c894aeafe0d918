import type { IncomingHttpHeaders } from "node:http";
import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const CHECKING = { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" };
const MASK = "********";

const HEADERS = {
  Cookie: "sid=abc123",
  "X-Api-Key": "key-live-42",
  "Proxy-Authorization": "Basic cHJveHk6cHc=",
  "X-Session-Id": "s-9",
  "X-Tenant": { value: "acme", secret: true },
  "X-Probe": "upwatch",
  Accept: "text/html",
};

const SHOWN = {
  Cookie: MASK,
  "X-Api-Key": MASK,
  "Proxy-Authorization": MASK,
  "X-Session-Id": MASK,
  "X-Tenant": { value: MASK, secret: true },
  "X-Probe": "upwatch",
  Accept: "text/html",
};

describeEachDatabase("secret request headers of a monitor", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const received: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    target = await startHttpServer((request, response) => {
      received.push(request.headers);
      response.end("ok");
    });
    app = await buildTestApp(db(), { env: CHECKING });
    account = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  const api = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
  const create = (name: string) =>
    api("POST", "/monitors", {
      type: "http",
      name,
      target: `http://127.0.0.1:${target.port}/health`,
      paused: true,
      options: { headers: HEADERS },
    });
  /** Resumes the monitor, whose first check runs at once, and answers the headers it sent. */
  const headersOfFirstCheck = async (id: string) => {
    const before = received.length;
    await api("POST", `/monitors/${id}/resume`);
    await expect.poll(() => received.length).toBeGreaterThan(before);
    return received.at(-1)!;
  };

  it("masks credential-named and secret-marked header values in every answer", async () => {
    const created = await create("Masked");
    expect(created.statusCode).toBe(201);
    expect(created.json().options.headers).toEqual(SHOWN);
    const id = created.json().id;
    expect((await api("GET", `/monitors/${id}`)).json().options.headers).toEqual(SHOWN);
    const listed = (await api("GET", "/monitors")).json().data;
    expect(listed.find((monitor: { id: string }) => monitor.id === id).options.headers).toEqual(
      SHOWN,
    );
  });

  it("keeps the stored values when the masks are sent back, and the check sends them", async () => {
    const id = (await create("Kept")).json().id;
    const shown = (await api("GET", `/monitors/${id}`)).json();
    const updated = await api("PATCH", `/monitors/${id}`, {
      options: { ...shown.options, expected_status_codes: [200] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().options.headers).toEqual(SHOWN);
    const sent = await headersOfFirstCheck(id);
    expect(sent).toMatchObject({
      cookie: "sid=abc123",
      "x-api-key": "key-live-42",
      "proxy-authorization": "Basic cHJveHk6cHc=",
      "x-session-id": "s-9",
      "x-tenant": "acme",
      "x-probe": "upwatch",
      accept: "text/html",
    });
  });

  it("sends a new value typed over the mask, and keeps a marked value secret when unmarked", async () => {
    const id = (await create("Changed")).json().id;
    const shown = (await api("GET", `/monitors/${id}`)).json();
    const headers = { ...shown.options.headers, Cookie: "sid=new", "X-Tenant": MASK };
    const updated = await api("PATCH", `/monitors/${id}`, {
      options: { ...shown.options, headers },
    });
    expect(updated.json().options.headers["X-Tenant"]).toEqual({ value: MASK, secret: true });
    const sent = await headersOfFirstCheck(id);
    expect(sent.cookie).toBe("sid=new");
    expect(sent["x-tenant"]).toBe("acme");
  });

  it("refuses a secret mark that is not true or false with a sentence", async () => {
    const response = await api("POST", "/monitors", {
      type: "http",
      name: "Bad mark",
      target: `http://127.0.0.1:${target.port}/`,
      options: { headers: { "X-Tenant": { value: "acme", secret: "yes" } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/A header value is text, or \{ "value": text/);
  });
});
