import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { storedAgentRows, testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("agent keys changed in the agents API", (db) => {
  let app: FastifyInstance;
  let account: { accountId: string; headers: Record<string, string> };
  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const addAgent = async (name: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/agents",
      headers: account.headers,
      payload: { name, os: "linux" },
    });
    const body = response.json();
    return { id: body.agent.id as string, headers: { authorization: `Bearer ${body.key}` } };
  };
  const manage = (method: "POST" | "DELETE", url: string) =>
    app.inject({ method, url: `/api/v1${url}`, headers: account.headers });
  const agentCall = (url: "/tasks" | "/identity", headers: Record<string, string>) =>
    app.inject({ method: "GET", url: `/agent/v1${url}`, headers });

  it("refuses the next poll of a key revoked just after it polled", async () => {
    const agent = await addAgent("revoked-at-once");
    expect((await agentCall("/tasks", agent.headers)).statusCode).toBe(200);
    expect((await manage("DELETE", `/agents/${agent.id}/key`)).statusCode).toBe(200);
    expect((await agentCall("/tasks", agent.headers)).statusCode).toBe(401);
  });

  it("refuses the old key at once when a new key is issued, and accepts the new one", async () => {
    const agent = await addAgent("renewed-at-once");
    expect((await agentCall("/identity", agent.headers)).statusCode).toBe(200);
    const renewed = await manage("POST", `/agents/${agent.id}/key`);
    expect(renewed.statusCode).toBe(200);
    expect((await agentCall("/identity", agent.headers)).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${renewed.json().key}` };
    expect((await agentCall("/identity", fresh)).statusCode).toBe(200);
  });

  it("refuses the next poll of an agent deleted just after it polled", async () => {
    const agent = await addAgent("deleted-at-once");
    expect((await agentCall("/tasks", agent.headers)).statusCode).toBe(200);
    expect((await manage("DELETE", `/agents/${agent.id}`)).statusCode).toBe(204);
    expect((await agentCall("/tasks", agent.headers)).statusCode).toBe(401);
  });

  it("refuses reports with 403 and stores nothing once the account's plan loses agents", async () => {
    const downgraded = await createTestAccount(db(), "business");
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/agents",
      headers: downgraded.headers,
      payload: { name: "downgraded", os: "linux" },
    });
    const { agent, key } = response.json();
    const headers = { authorization: `Bearer ${key}` };
    expect((await agentCall("/tasks", headers)).statusCode).toBe(200);
    await db()
      .handle.db.updateTable("accounts")
      .set({ plan: "free" })
      .where("id", "=", downgraded.accountId)
      .execute();
    const now = Date.now();
    const refused = await app.inject({
      method: "POST",
      url: "/agent/v1/reports",
      headers,
      payload: testBatch(now, [testSample(now)]),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/this account's plan \(Free\) has none/);
    expect(await storedAgentRows(db().handle.db, agent.id)).toEqual({
      samples: 0,
      disks: 0,
      batches: 0,
    });
  });
});
