import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent, storedAgentRows, testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;

describeEachDatabase("agent keys", (db) => {
  let app: FastifyInstance;
  let accountId: string;
  beforeAll(async () => {
    app = await buildTestApp(db());
    accountId = (await createTestAccount(db(), "business")).accountId;
  });
  afterAll(() => app.close());

  const newAgent = (name?: string) => createTestAgent(db().handle.db, accountId, name);
  const report = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: "POST", url: "/agent/v1/reports", headers, payload: payload as object });
  const stored = (agentId: string) => storedAgentRows(db().handle.db, agentId);

  const invalidKey =
    "This agent key is not valid: it was revoked, or its agent was deleted. Add the agent again in Upwatch and put the new key in agent.yaml.";

  it("refuses a request without a key, and an unknown key, with 401", async () => {
    const now = Date.now();
    const none = await report({}, testBatch(now, [testSample(now)]));
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toMatch(/Authorization: Bearer uwa_/);
    const unknown = await report(
      { authorization: `Bearer uwa_${"A".repeat(40)}` },
      testBatch(now, [testSample(now)]),
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: invalidKey });
  });

  it("refuses a revoked key with 401", async () => {
    const agent = await newAgent();
    await db()
      .handle.db.updateTable("agents")
      .set({ key_lookup: null, key_hash: null, key_revoked_at: Date.now() })
      .where("id", "=", agent.id)
      .execute();
    const now = Date.now();
    const response = await report(agent.headers, testBatch(now, [testSample(now)]));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: invalidKey });
    expect(await stored(agent.id)).toEqual({ samples: 0, disks: 0, batches: 0 });
  });

  it("refuses the reports of a key revoked after it was used, at once", async () => {
    const agent = await newAgent();
    const now = Date.now();
    expect(
      (await report(agent.headers, testBatch(now, [testSample(now - MINUTE)]))).statusCode,
    ).toBe(200);
    await db()
      .handle.db.updateTable("agents")
      .set({ key_lookup: null, key_hash: null, key_revoked_at: Date.now() })
      .where("id", "=", agent.id)
      .execute();
    const response = await report(agent.headers, testBatch(now, [testSample(now)]));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: invalidKey });
    expect(await stored(agent.id)).toEqual({ samples: 1, disks: 1, batches: 1 });
  });

  it("refuses the key of a deleted agent with 401", async () => {
    const agent = await newAgent();
    await db().handle.db.deleteFrom("agents").where("id", "=", agent.id).execute();
    const now = Date.now();
    const response = await report(agent.headers, testBatch(now, [testSample(now)]));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: invalidKey });
    const poll = await app.inject({
      method: "GET",
      url: "/agent/v1/tasks",
      headers: agent.headers,
    });
    expect(poll.statusCode).toBe(401);
  });

  it("refuses the reports of an account whose plan has no agents with 403", async () => {
    const free = await createTestAccount(db(), "free");
    const agent = await createTestAgent(db().handle.db, free.accountId);
    const now = Date.now();
    const response = await report(agent.headers, testBatch(now, [testSample(now)]));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      "Agents are part of the Business and Enterprise+ plans; this account's plan (Free) has none, so its agents' reports are refused.",
    );
    expect(await stored(agent.id)).toEqual({ samples: 0, disks: 0, batches: 0 });
  });

  it("answers 429 with Retry-After once an agent sends more than 30 requests a minute", async () => {
    const agent = await newAgent();
    const poll = () =>
      app.inject({ method: "GET", url: "/agent/v1/tasks", headers: agent.headers });
    for (let i = 0; i < 30; i++) expect((await poll()).statusCode).toBe(200);
    const refused = await poll();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/^This agent sent more than 30 requests in a minute/);
  });
});
