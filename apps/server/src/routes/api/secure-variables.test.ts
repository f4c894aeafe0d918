import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { storeMultiStepMonitor } from "../../../test/multi-step-monitors.ts";
import { openStored, TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser } from "../../../test/sessions.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

const PASSWORD = "s3cret-orders-password-91c2";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("secure variables in the API", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let account: Account;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "hobby", ctx);
  });
  afterAll(() => app.close());

  const call = async (
    who: Account,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1/secure-variables${url}`,
      headers: who.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return {
      status: response.statusCode,
      text: response.body,
      body: response.body ? response.json() : undefined,
    };
  };

  it("creates a variable and lists it by name, never showing its value", async () => {
    const created = await call(account, "POST", "", {
      name: "orders_api_password",
      value: PASSWORD,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: "orders_api_password",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: created.body.created_at,
      used_by: [],
    });
    expect(created.text).not.toContain(PASSWORD);

    const listed = await call(account, "GET", "");
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(created.body);
    expect(listed.text).not.toContain(PASSWORD);
  });

  it("stores the value sealed, so the row never holds the plain value", async () => {
    await call(account, "POST", "", { name: "sealed_check", value: PASSWORD });
    const row = await db()
      .handle.db.selectFrom("secure_variables")
      .selectAll()
      .where("account_id", "=", account.accountId)
      .where("name", "=", "sealed_check")
      .executeTakeFirstOrThrow();
    expect(row.value).not.toContain(PASSWORD);
    expect(row.value).toMatch(/^enc:v1:/);
    expect(openStored("secure_variables", "value", row.id, row.value)).toBe(PASSWORD);
  });

  it("refuses a second variable with the same name", async () => {
    await call(account, "POST", "", { name: "twice", value: "first-value-1" });
    const again = await call(account, "POST", "", { name: "twice", value: "second-value-2" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: "There is already a secure variable named twice; replace its value instead.",
    });
  });

  it("refuses bad names, empty, too short and too long values, NUL characters and unknown fields with a sentence", async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: "1abc", value: "x" }, /^The name must start with a letter/],
      [{ name: "has-dash", value: "x" }, /^The name must start with a letter/],
      [{ name: "a".repeat(65), value: "x" }, /^The name must start with a letter/],
      [{ value: "x" }, /^The name must start with a letter/],
      [{ name: "empty", value: "" }, /^The value must be at least 8 characters long, not counting/],
      [{ name: "short", value: "  Seven7  " }, /^The value must be at least 8 characters long/],
      [
        { name: "long", value: "é".repeat(2049) },
        /^The value must be text of at most 4096 bytes\.$/,
      ],
      [{ name: "nul", value: `a\u0000${PASSWORD}` }, /^The value must not contain NUL characters/],
      [{ name: "extra", value: "a-secret-value", shown: true }, /^Unknown field: shown\.$/],
    ];
    for (const [payload, detail] of cases) {
      const refused = await call(account, "POST", "", payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.detail).toMatch(detail);
      expect(refused.text).not.toContain(PASSWORD);
    }
    const fits = await call(account, "POST", "", { name: "fits", value: "é".repeat(2048) });
    expect(fits.status).toBe(201);
  });

  it("tells a Free account that secure variables need a plan with multi-step checks", async () => {
    const free = await createTestAccount(db(), "free", ctx);
    const refused = await call(free, "POST", "", { name: "token", value: "a-secret-value" });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "Secure variables are used by multi-step API checks, which need the Hobby plan or above; the Free plan does not offer them.",
    );
  });

  it("stops an account at 100 secure variables", async () => {
    const full = await createTestAccount(db(), "hobby", ctx);
    await db()
      .handle.db.insertInto("secure_variables")
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          id: `sv_full_${full.accountId}_${i}`,
          account_id: full.accountId,
          name: `v${i}`,
          value: "sealed elsewhere",
          created_at: 1,
          updated_at: 1,
        })),
      )
      .execute();
    const refused = await call(full, "POST", "", { name: "one_more", value: "a-secret-value" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail:
        "An account can keep at most 100 secure variables; delete one you no longer use first.",
    });
    expect((await call(full, "DELETE", "/v0")).status).toBe(204);
    expect(
      (await call(full, "POST", "", { name: "one_more", value: "a-secret-value" })).status,
    ).toBe(201);
  });

  it("replaces a value without showing it, and answers 404 for a name that does not exist", async () => {
    const created = (
      await call(account, "POST", "", { name: "rotating", value: "old-secret-value" })
    ).body;
    const replaced = await call(account, "PUT", "/rotating", { value: PASSWORD });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: "rotating", created_at: created.created_at });
    expect(replaced.text).not.toContain(PASSWORD);
    const row = await db()
      .handle.db.selectFrom("secure_variables")
      .select(["id", "value"])
      .where("account_id", "=", account.accountId)
      .where("name", "=", "rotating")
      .executeTakeFirstOrThrow();
    expect(openStored("secure_variables", "value", row.id, row.value)).toBe(PASSWORD);

    const missing = await call(account, "PUT", "/nothing_here", { value: "a-secret-value" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "There is no secure variable named nothing_here." });
    const unknownField = await call(account, "PUT", "/rotating", {
      value: "a-secret-value",
      name: "y",
    });
    expect(unknownField.status).toBe(400);
  });

  it("deletes a variable no monitor uses", async () => {
    await call(account, "POST", "", { name: "short_lived", value: "a-secret-value" });
    const deleted = await call(account, "DELETE", "/short_lived");
    expect(deleted.status).toBe(204);
    const listed = await call(account, "GET", "");
    expect(listed.body.data.map((v: { name: string }) => v.name)).not.toContain("short_lived");
    expect((await call(account, "DELETE", "/short_lived")).status).toBe(404);
  });

  it("names the monitors using a variable, and refuses to delete it until they stop", async () => {
    const owner = await createTestAccount(db(), "hobby", ctx);
    await call(owner, "POST", "", { name: "orders_api_password", value: PASSWORD });
    const monitor = await storeMultiStepMonitor(
      ctx,
      owner.accountId,
      "hobby",
      "Orders API - login and list orders",
      { password: "secure:orders_api_password", user: "ops" },
    );
    const listed = await call(owner, "GET", "");
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        name: "orders_api_password",
        used_by: [{ id: monitor.id, name: "Orders API - login and list orders" }],
      }),
    ]);
    const refused = await call(owner, "DELETE", "/orders_api_password");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail:
        "orders_api_password is used by Orders API - login and list orders; remove it from these monitors first.",
    });
    await app.inject({
      method: "DELETE",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: owner.headers,
    });
    expect((await call(owner, "DELETE", "/orders_api_password")).status).toBe(204);
  });

  it("keeps each account's variables out of another account's sight and reach", async () => {
    const other = await createTestAccount(db(), "hobby", ctx);
    await call(account, "POST", "", { name: "private_one", value: PASSWORD });
    const seen = await call(other, "GET", "");
    expect(seen.body.data.map((v: { name: string }) => v.name)).not.toContain("private_one");
    expect((await call(other, "PUT", "/private_one", { value: "taken-secret-value" })).status).toBe(
      404,
    );
    expect((await call(other, "DELETE", "/private_one")).status).toBe(404);
    // The same name is free in another account.
    expect(
      (await call(other, "POST", "", { name: "private_one", value: "mine-secret-value" })).status,
    ).toBe(201);
    const row = await db()
      .handle.db.selectFrom("secure_variables")
      .select(["id", "value"])
      .where("account_id", "=", account.accountId)
      .where("name", "=", "private_one")
      .executeTakeFirstOrThrow();
    expect(openStored("secure_variables", "value", row.id, row.value)).toBe(PASSWORD);
  });

  it("works for a signed-in session as for an API key", async () => {
    const user = await registerUser(app);
    const listed = await app.inject({
      method: "GET",
      url: "/api/v1/secure-variables",
      headers: user.cookie,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ data: [] });
    const anonymous = await app.inject({ method: "GET", url: "/api/v1/secure-variables" });
    expect(anonymous.statusCode).toBe(401);
  });
});
