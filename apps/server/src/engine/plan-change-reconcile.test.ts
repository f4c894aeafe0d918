import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { setAccountPlan } from "../services/accounts/set-account-plan.ts";
import { createServiceContext } from "../services/context.ts";

describeEachDatabase("a plan change made by the admin command", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { RUN_CHECKS: "true" } });
  });
  afterAll(() => app.close());

  it("stops the running server's checks of the monitors it paused at its next reconcile", async () => {
    const account = await createTestAccount(db(), "business");
    for (const [index, type] of ["http", "http", "tcp"].entries()) {
      const created = await app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: account.headers,
        payload: {
          type,
          name: `Monitor ${index}`,
          target: type === "tcp" ? "db.example.com:5432" : "https://example.com/",
          interval_seconds: 600,
        },
      });
      expect(created.statusCode).toBe(201);
    }
    const engine = app.monitoringEngine!;
    const before = engine.counters().scheduled;

    // The admin command is another process with a connection of its own.
    const other = db().reopen();
    try {
      await setAccountPlan(createServiceContext(other.db, TEST_SECRETS), account.accountId, "free");
    } finally {
      await other.close();
    }
    expect(engine.counters().scheduled).toBe(before);
    await engine.sync();
    expect(engine.counters().scheduled).toBe(before - 1);
  });
});
