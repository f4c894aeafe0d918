import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("the agent API", (db) => {
  let app: FastifyInstance;
  let accountId: string;
  beforeAll(async () => {
    app = await buildTestApp(db());
    accountId = (await createTestAccount(db(), "business")).accountId;
  });
  afterAll(() => app.close());

  const newAgent = (name?: string) => createTestAgent(db().handle.db, accountId, name);

  it("answers a task poll with no tasks and when to ask again, storing nothing", async () => {
    const agent = await newAgent();
    const response = await app.inject({
      method: "GET",
      url: "/agent/v1/tasks",
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tasks: [], poll_after_seconds: 30 });
    const row = await db()
      .handle.db.selectFrom("agents")
      .select("last_report_at")
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(row.last_report_at).toBeNull();
  });

  it("tells an agent which agent its key belongs to and the server's time", async () => {
    const agent = await newAgent("web-7");
    const before = Date.now();
    const response = await app.inject({
      method: "GET",
      url: "/agent/v1/identity",
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      agent: { id: agent.id, name: "web-7", os: "linux" },
      server_time: expect.any(Number),
    });
    expect(body.server_time).toBeGreaterThanOrEqual(before);
  });

  it("is documented in the OpenAPI document under its own tag, with the agent key scheme", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const agentPaths = Object.keys(document.paths).filter((path) => path.startsWith("/agent/"));
    expect(agentPaths.sort()).toEqual([
      "/agent/v1/identity",
      "/agent/v1/reports",
      "/agent/v1/tasks",
      "/agent/v1/tasks/{id}/result",
      "/agent/v1/tasks/{id}/started",
    ]);
    expect(document.paths["/agent/v1/tasks/{id}/result"].post.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string" } },
    ]);
    const reports = document.paths["/agent/v1/reports"];
    expect(reports.servers).toEqual([{ url: expect.any(String) }]);
    expect(reports.post).toMatchObject({
      tags: ["Agent API"],
      security: [{ agentKey: [] }],
      requestBody: { required: true },
    });
    expect(Object.keys(reports.post.responses).sort()).toEqual(
      ["200", "400", "401", "403", "409", "413", "415", "429"].sort(),
    );
    expect(document.components.securitySchemes.agentKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
  });
});
