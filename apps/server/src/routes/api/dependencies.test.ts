import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("the dependencies API", (db) => {
  let app: FastifyInstance;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let other: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), "hobby");
    other = await createTestAccount(db(), "hobby");
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: object,
    headers = account.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : undefined,
    };
  };
  const monitor = async (name: string, headers = account.headers) =>
    (
      await call(
        "POST",
        "/monitors",
        { type: "ping", name, target: "gateway.example.com" },
        headers,
      )
    ).body.id as string;

  it("creates, lists and deletes dependencies in the shapes the help centre shows", async () => {
    const child = await monitor("Wiki");
    const parent = await monitor("VPN gateway");
    const created = await call("POST", "/dependencies", {
      child_monitor_id: child,
      parent_monitor_id: parent,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^dep_/),
      child_monitor_id: child,
      parent_monitor_id: parent,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await call("GET", "/dependencies");
    expect(list.body.data).toContainEqual(created.body);
    expect((await call("GET", "/dependencies", undefined, other.headers)).body).toEqual({
      data: [],
    });
    const removed = await call("DELETE", `/dependencies/${created.body.id}`);
    expect(removed).toEqual({ status: 204, body: undefined });
    expect((await call("DELETE", `/dependencies/${created.body.id}`)).body).toEqual({
      detail: "There is no dependency with that id.",
    });
  });

  it("refuses self-dependencies, cycles, duplicates and other accounts' monitors with a detail", async () => {
    const [a, b, c] = [await monitor("Site"), await monitor("Balancer"), await monitor("Uplink")];
    const stranger = await monitor("Someone else's", other.headers);
    const link = (child: string, parent: string, headers = account.headers) =>
      call(
        "POST",
        "/dependencies",
        { child_monitor_id: child, parent_monitor_id: parent },
        headers,
      );
    expect((await link(a, b)).status).toBe(201);
    expect((await link(b, c)).status).toBe(201);
    const cases: Array<[Promise<{ status: number; body: unknown }>, number, string]> = [
      [link(a, a), 400, "A monitor cannot depend on itself."],
      [link(c, a), 400, `This dependency would create a cycle: ${a} already depends on ${c}.`],
      [link(b, a), 400, `This dependency would create a cycle: ${a} already depends on ${b}.`],
      [link(a, b), 409, `${a} already depends on ${b}.`],
      [
        link(a, stranger),
        400,
        `parent_monitor_id: there is no monitor ${stranger} in this account.`,
      ],
      [
        link(stranger, a, other.headers),
        400,
        `parent_monitor_id: there is no monitor ${a} in this account.`,
      ],
      [
        call("POST", "/dependencies", { parent_monitor_id: a }),
        400,
        "child_monitor_id is required: the monitor whose alerts depend on the parent.",
      ],
      [
        call("POST", "/dependencies", { child_monitor_id: a, parent_monitor_id: b, kind: "x" }),
        400,
        "Unknown field: kind.",
      ],
    ];
    for (const [request, status, detail] of cases) {
      const response = await request;
      expect(response.status, detail).toBe(status);
      expect(response.body).toEqual({ detail });
    }
    const dependency = (await call("GET", "/dependencies")).body.data[0];
    expect(
      (await call("DELETE", `/dependencies/${dependency.id}`, undefined, other.headers)).status,
    ).toBe(404);
  });
});
