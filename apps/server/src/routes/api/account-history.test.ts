import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("the account's history length", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { HISTORY_DAYS_MAX: "730" } });
  });
  afterAll(async () => {
    await app.close();
  });

  it("lets an Enterprise+ account choose its history within the server's longest, and the account answer says it", async () => {
    const account = await createTestAccount(db(), "enterprise");
    const before = await callApi(app, "GET", "/account/history", account);
    expect(before).toEqual({
      status: 200,
      body: {
        history_days: 400,
        chosen_days: null,
        can_choose: true,
        min_days: 30,
        max_days: 730,
        default_days: 400,
      },
    });

    const chosen = await callApi(app, "PUT", "/account/history", account, { days: 550 });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ history_days: 550, chosen_days: 550 });
    const overview = await callApi(app, "GET", "/account", account);
    expect(overview.body.limits.history_days).toBe(550);

    const reset = await callApi(app, "PUT", "/account/history", account, { days: null });
    expect(reset.body).toMatchObject({ history_days: 400, chosen_days: null });
  });

  it("records the change in the audit log", async () => {
    const account = await createTestAccount(db(), "enterprise");
    await callApi(app, "PUT", "/account/history", account, { days: 90 });
    const log = await callApi(app, "GET", "/audit-log", account);
    expect(log.body.data[0]).toMatchObject({
      action: "account.history_changed",
      changes: { history_days: { before: 400, after: 90 } },
    });
  });

  it("refuses a length outside what the server allows, in words", async () => {
    const account = await createTestAccount(db(), "enterprise");
    for (const days of [29, 731, 45.5]) {
      const refused = await callApi(app, "PUT", "/account/history", account, { days });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/whole number of days/);
    }
    const text = await callApi(app, "PUT", "/account/history", account, { days: "forever" });
    expect(text.status).toBe(400);
    expect((await callApi(app, "GET", "/account/history", account)).body.chosen_days).toBeNull();
  });

  it("tells accounts on plans with a fixed history that choosing needs Enterprise+", async () => {
    const account = await createTestAccount(db(), "business");
    const read = await callApi(app, "GET", "/account/history", account);
    expect(read.body).toMatchObject({ history_days: 90, can_choose: false });
    const refused = await callApi(app, "PUT", "/account/history", account, { days: 200 });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "Choosing how long history is kept is part of the Enterprise+ plan; the Business plan keeps 90 days.",
    );
  });

  it("lets a self-hosted account choose too", async () => {
    const account = await createTestAccount(db(), "self-hosted");
    const chosen = await callApi(app, "PUT", "/account/history", account, { days: 730 });
    expect(chosen.body).toMatchObject({ history_days: 730, can_choose: true });
  });
});
