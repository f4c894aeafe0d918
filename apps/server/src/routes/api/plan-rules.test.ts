import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const FREE_OK = {
  type: "http",
  name: "Site",
  target: "https://example.com/",
  interval_seconds: 300,
};

describeEachDatabase("the plan rules of the monitors API", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  const create = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: "POST", url: "/api/v1/monitors", headers, payload });

  it("stops the Free plan at 10 monitors with a clear 403", async () => {
    const free = await createTestAccount(db(), "free");
    for (let index = 0; index < 10; index++) {
      expect((await create(free.headers, { ...FREE_OK, name: `m${index}` })).statusCode).toBe(201);
    }
    const eleventh = await create(free.headers, FREE_OK);
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json()).toEqual({
      detail:
        "Your Free plan allows 10 monitors. Delete a monitor or upgrade your plan to add another.",
    });
  });

  it("lets no more than the plan's monitors through when requests arrive together", async () => {
    const free = await createTestAccount(db(), "free");
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        create(free.headers, { ...FREE_OK, name: `m${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 403)).toHaveLength(6);
  });

  it("holds Free to 5-minute checks and Hobby to 1-minute checks", async () => {
    const free = await createTestAccount(db(), "free");
    const fast = await create(free.headers, { ...FREE_OK, interval_seconds: 60 });
    expect(fast.statusCode).toBe(403);
    expect(fast.json().detail).toBe(
      "The Free plan checks at most every 5 minutes: set interval_seconds to 300 or more, or upgrade your plan.",
    );
    const hobby = await createTestAccount(db(), "hobby");
    expect((await create(hobby.headers, { ...FREE_OK, interval_seconds: 60 })).statusCode).toBe(
      201,
    );
    const thirty = await create(hobby.headers, {
      ...FREE_OK,
      interval_seconds: 30,
      timeout_seconds: 10,
    });
    expect(thirty.json().detail).toMatch(/^The Hobby plan checks at most every minute/);
    const enterprise = await createTestAccount(db(), "enterprise");
    expect(
      (await create(enterprise.headers, { ...FREE_OK, interval_seconds: 30, timeout_seconds: 10 }))
        .statusCode,
    ).toBe(201);
  });

  it("offers Free only HTTP, keyword and ping monitors", async () => {
    const free = await createTestAccount(db(), "free");
    const basic = [
      { type: "keyword", target: "https://example.com", options: { keyword: "ok" } },
      { type: "ping", target: "example.com" },
    ];
    for (const monitor of basic) {
      expect((await create(free.headers, { ...FREE_OK, ...monitor })).statusCode).toBe(201);
    }
    const others: Array<[object, string]> = [
      [{ type: "tcp", target: "example.com:22" }, "TCP"],
      [{ type: "dns", target: "example.com" }, "DNS"],
      [{ type: "ssl", target: "example.com" }, "SSL certificate"],
    ];
    for (const [monitor, name] of others) {
      const response = await create(free.headers, { ...FREE_OK, ...monitor });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(
        `${name} monitors need the Hobby plan or above; the Free plan offers HTTP/HTTPS, Keyword, Ping, Heartbeat.`,
      );
    }
  });

  it("keeps custom headers, authentication and region choice for Hobby and above", async () => {
    const free = await createTestAccount(db(), "free");
    const headers = await create(free.headers, {
      ...FREE_OK,
      options: { headers: { "x-token": "1" } },
    });
    expect(headers.json()).toEqual({
      detail: "Custom headers and authentication need the Hobby plan or above.",
    });
    const auth = await create(free.headers, {
      ...FREE_OK,
      options: { auth: { type: "bearer", token: "t" } },
    });
    expect(auth.statusCode).toBe(403);
    const region = await create(free.headers, { ...FREE_OK, region: "eu-west-1" });
    expect(region.json().detail).toBe(
      "Choosing a region needs the Hobby plan or above; Free monitors run from us-west-1.",
    );
  });

  it("applies the plan rules to changes too", async () => {
    const free = await createTestAccount(db(), "free");
    const monitor = (await create(free.headers, FREE_OK)).json();
    const patch = await app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: free.headers,
      payload: { interval_seconds: 60 },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().detail).toMatch(/^The Free plan checks at most every 5 minutes/);
  });
});
