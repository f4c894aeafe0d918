import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;

describeEachDatabase("an agent's reports in the agents API", (db) => {
  let app: FastifyInstance;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let other: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), "business");
    other = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "DELETE",
    url: string,
    headers = account.headers,
  ) => {
    const response = await app.inject({ method, url: `/api/v1${url}`, headers });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const report = (key: string, at: number, cpu: number) =>
    app.inject({
      method: "POST",
      url: "/agent/v1/reports",
      headers: { authorization: `Bearer ${key}` },
      payload: testBatch(at, [testSample(at, { cpu_percent: cpu })]),
    });

  it("shows a reporting agent online with its figures and charts them over each range", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/agents",
      headers: account.headers,
      payload: { name: "db-primary", os: "linux" },
    });
    const { agent, key } = created.json();
    const now = Date.now();
    expect((await report(key, now - MINUTE, 95)).statusCode).toBe(200);
    expect((await report(key, now, 20)).statusCode).toBe(200);

    const detail = (await call("GET", `/agents/${agent.id}`)).body;
    expect(detail).toMatchObject({
      status: "online",
      hostname: "db-primary",
      version: "2.0.0",
      config: { cpu_threshold: 80, memory_threshold: 85, disk_threshold: 90 },
    });
    expect(detail.latest).toMatchObject({
      sampled_at: new Date(now).toISOString(),
      cpu_percent: 20,
      cpu_high: false,
      memory: { used_percent: 25, available_percent: 75, high: false },
      disks: [{ mount: "/", used_percent: 40, high: false }],
      services: [{ name: "nginx", state: "running", since: new Date(now - MINUTE).toISOString() }],
    });

    const hour = await call("GET", `/agents/${agent.id}/metrics?range=1h`);
    expect(hour.status).toBe(200);
    expect(hour.body).toMatchObject({
      range: "1h",
      disks: [{ mount: "/", description: "System" }],
    });
    expect(hour.body.points.map((p: { cpu_percent: number }) => p.cpu_percent)).toEqual([95, 20]);
    for (const range of ["6h", "24h", "7d", "30d"]) {
      const answer = await call("GET", `/agents/${agent.id}/metrics?range=${range}`);
      expect(answer.status, range).toBe(200);
      expect(answer.body.range).toBe(range);
    }
    expect((await call("GET", `/agents/${agent.id}/metrics`)).body.range).toBe("24h");
    expect(await call("GET", `/agents/${agent.id}/metrics?range=2h`)).toEqual({
      status: 400,
      body: { detail: "range must be one of 1h, 6h, 24h, 7d, 30d." },
    });
    expect(await call("GET", `/agents/${agent.id}/metrics?range=1h`, other.headers)).toEqual({
      status: 404,
      body: { detail: "There is no agent with that id." },
    });
  });

  it("stops taking reports with the old key once a new one is issued, and with none once revoked", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/agents",
      headers: account.headers,
      payload: { name: "web-1", os: "linux" },
    });
    const { agent, key } = created.json();
    const now = Date.now();
    expect((await report(key, now - 2 * MINUTE, 10)).statusCode).toBe(200);
    const renewed = (await call("POST", `/agents/${agent.id}/key`)).body;
    expect((await report(key, now - MINUTE, 10)).statusCode).toBe(401);
    expect((await report(renewed.key, now - MINUTE, 10)).statusCode).toBe(200);
    expect((await call("DELETE", `/agents/${agent.id}/key`)).body.key).toBeNull();
    expect((await report(renewed.key, now, 10)).statusCode).toBe(401);
    const detail = (await call("GET", `/agents/${agent.id}`)).body;
    expect(detail.latest.sampled_at).toBe(new Date(now - MINUTE).toISOString());
  });
});
