import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { AGENT_KEY_FAILURES_PER_10_MINUTES } from "./agent-auth.ts";

describeEachDatabase("agent keys refused from one address", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  const poll = (headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/agent/v1/tasks", headers });

  it("answers 429 with Retry-After and a sentence once an address sends too many invalid keys", async () => {
    for (let i = 0; i < AGENT_KEY_FAILURES_PER_10_MINUTES; i++) {
      const guess = `uwa_${String(i).padStart(12, "G")}${"A".repeat(28)}`;
      expect((await poll({ authorization: `Bearer ${guess}` })).statusCode).toBe(401);
    }
    const refused = await poll({ authorization: `Bearer uwa_${"B".repeat(40)}` });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(
      /^Too many requests with an agent key that is not valid came from your address; check api_key in agent\.yaml, then try again in \d+ minutes?\.$/,
    );
    const missing = await poll({});
    expect(missing.statusCode).toBe(429);

    const { accountId } = await createTestAccount(db(), "business");
    const agent = await createTestAgent(db().handle.db, accountId);
    expect((await poll(agent.headers)).statusCode).toBe(200);
  });
});
