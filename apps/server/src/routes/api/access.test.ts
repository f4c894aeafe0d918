import { type ApiOperation, OPERATIONS } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { revokeApiKey } from "../../services/api-keys/revoke-api-key.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";

describeEachDatabase("API keys and rate limits", (db) => {
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 10, 21, 10, 15);
  let ctx: ServiceContext;
  beforeAll(async () => {
    ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      now: () => clock,
      newId: randomId,
    };
    app = await buildTestApp(db(), { ctx });
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string>, url = "/api/v1/account") =>
    app.inject({ method: "GET", url, headers });

  it("refuses a request without a key with 401 and a challenge", async () => {
    const response = await get({});
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="Upwatch API"');
    expect(response.json()).toEqual({
      detail: "Send your API key in the header Authorization: Bearer uw_...",
    });
  });

  it("requires a key or a session for every operation but registering, signing in and resets", async () => {
    for (const operation of Object.values(OPERATIONS) as ApiOperation[]) {
      if (operation.access === "public") continue;
      const url = `/api/v1${operation.url.replace(":id", "mon_x")}`;
      const response = await app.inject({ method: operation.method, url });
      expect(response.statusCode, `${operation.method} ${url}`).toBe(401);
    }
  });

  it("refuses a wrong, malformed or revoked key", async () => {
    const account = await createTestAccount(db(), "free", ctx);
    const wrong = `${account.key.slice(0, -4)}AAAA`;
    for (const header of [`Bearer ${wrong}`, "Bearer nonsense", `Basic ${account.key}`]) {
      const response = await get({ authorization: header });
      expect(response.statusCode, header).toBe(401);
    }
    expect((await get(account.headers)).statusCode).toBe(200);
    await revokeApiKey(ctx, account.keyId);
    const revoked = await get(account.headers);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ detail: "The API key is not valid or has been revoked." });
  });

  it("stores only a hash of the key and records when it was last used", async () => {
    const account = await createTestAccount(db(), "hobby", ctx);
    const before = await db()
      .handle.db.selectFrom("api_keys")
      .selectAll()
      .where("id", "=", account.keyId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(before)).not.toContain(account.key.slice(15));
    expect(before.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.last_used_at).toBeNull();
    await get(account.headers);
    const after = await db()
      .handle.db.selectFrom("api_keys")
      .select("last_used_at")
      .where("id", "=", account.keyId)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at).toBe(clock);
  });

  it("describes the account and its plan", async () => {
    const account = await createTestAccount(db(), "business", ctx);
    const response = await get(account.headers);
    expect(response.json()).toMatchObject({
      id: account.accountId,
      plan: "business",
      limits: {
        monitors: 50,
        min_interval_seconds: 60,
        all_check_types: true,
        api_requests_per_hour: 1000,
      },
      monitors: 0,
      active_monitors: 0,
    });
  });

  it("counts every monitor against the plan and says how many of them are active", async () => {
    const account = await createTestAccount(db(), "business", ctx);
    const ids: string[] = [];
    for (const name of ["Shop", "Blog", "Docs"]) {
      const created = await app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: account.headers,
        payload: { name, type: "http", target: "https://example.com" },
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    const paused = await app.inject({
      method: "POST",
      url: `/api/v1/monitors/${ids[0]}/pause`,
      headers: account.headers,
    });
    expect(paused.statusCode).toBe(200);
    expect((await get(account.headers)).json()).toMatchObject({ monitors: 3, active_monitors: 2 });
  });

  it("limits the Free plan to 100 requests an hour with headers and a 429 detail", async () => {
    const account = await createTestAccount(db(), "free", ctx);
    const first = await get(account.headers);
    expect(first.headers["x-ratelimit-limit"]).toBe("100");
    expect(first.headers["x-ratelimit-remaining"]).toBe("99");
    expect(first.headers["x-ratelimit-reset"]).toBe(String(Date.UTC(2026, 10, 21, 11) / 1000));
    for (let index = 0; index < 99; index++) await get(account.headers);
    const over = await get(account.headers);
    expect(over.statusCode).toBe(429);
    expect(over.headers["x-ratelimit-remaining"]).toBe("0");
    expect(over.headers["retry-after"]).toBe(String(45 * 60));
    expect(over.json()).toEqual({
      detail: "Your Free plan allows 100 API requests an hour. The limit resets in 45 minutes.",
    });
    clock = Date.UTC(2026, 10, 21, 11, 0, 1);
    expect((await get(account.headers)).statusCode).toBe(200);
  });

  it("gives Hobby and Business 1,000 and Enterprise+ 10,000 requests an hour", async () => {
    for (const [plan, limit] of [
      ["hobby", "1000"],
      ["business", "1000"],
      ["enterprise", "10000"],
    ] as const) {
      const account = await createTestAccount(db(), plan, ctx);
      expect((await get(account.headers)).headers["x-ratelimit-limit"]).toBe(limit);
    }
  });

  it("counts each account separately", async () => {
    const busy = await createTestAccount(db(), "free", ctx);
    const quiet = await createTestAccount(db(), "free", ctx);
    for (let index = 0; index < 101; index++) await get(busy.headers);
    expect((await get(busy.headers)).statusCode).toBe(429);
    expect((await get(quiet.headers)).headers["x-ratelimit-remaining"]).toBe("99");
  });
});
