import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser } from "../../../test/sessions.ts";
import { setAccountPlan, signedInMember } from "../../../test/team-members.ts";

describeEachDatabase("API keys made in the app", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  const create = (headers: Record<string, string>, name: unknown) =>
    app.inject({ method: "POST", url: "/api/v1/api-keys", headers, payload: { name } });
  const list = (headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/v1/api-keys", headers });

  it("shows a new key once, and the key then works as a Bearer token", async () => {
    const user = await registerUser(app);
    const created = await create(user.headers, "Deploy script");
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      name: "Deploy script",
      prefix: key.key.slice(0, 15),
      scope: "full",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_used_at: null,
      revoked_at: null,
      key: expect.stringMatching(/^uw_[\w-]{40}$/),
    });
    const account = await app.inject({
      method: "GET",
      url: "/api/v1/account",
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(account.json()).toMatchObject({ id: user.accountId });

    const listed = await list(user.cookie);
    expect(listed.json()).toEqual({
      data: [
        {
          id: key.id,
          name: "Deploy script",
          prefix: key.prefix,
          scope: "full",
          created_at: key.created_at,
          last_used_at: expect.any(String),
          revoked_at: null,
        },
      ],
    });
    expect(listed.body).not.toContain(key.key);
  });

  it("revokes a key: requests with it get 401, revoking again is fine", async () => {
    const user = await registerUser(app);
    const key = (await create(user.headers, "Old")).json();
    const revoke = (headers: Record<string, string>) =>
      app.inject({ method: "DELETE", url: `/api/v1/api-keys/${key.id}`, headers });
    expect((await revoke(user.headers)).statusCode).toBe(204);
    expect((await revoke(user.headers)).statusCode).toBe(204);
    const refused = await app.inject({
      method: "GET",
      url: "/api/v1/account",
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(refused.statusCode).toBe(401);
    expect((await list(user.cookie)).json().data[0].revoked_at).toEqual(expect.any(String));
  });

  it("answers 404 for an unknown key and for another account's", async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const theirs = (await create(other.headers, "Theirs")).json();
    for (const id of ["key_unknown", theirs.id]) {
      const response = await app.inject({
        method: "DELETE",
        url: `/api/v1/api-keys/${id}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "There is no API key with that id." });
    }
    expect((await list(user.cookie)).json()).toEqual({ data: [] });
  });

  it("lets a key manage keys too", async () => {
    const user = await registerUser(app);
    const first = (await create(user.headers, "First")).json();
    const bearer = { authorization: `Bearer ${first.key}` };
    const second = await create(bearer, "Made by a key");
    expect(second.statusCode).toBe(201);
    const names = (await list(bearer)).json().data.map((k: { name: string }) => k.name);
    expect(names.sort()).toEqual(["First", "Made by a key"]);
  });

  it("makes a read-only key that reads the account but is refused every change", async () => {
    const user = await registerUser(app);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: user.headers,
      payload: { name: "Dashboard", scope: "read" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "Dashboard", scope: "read" });
    const bearer = { authorization: `Bearer ${created.json().key}` };
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/monitors", headers: bearer })).statusCode,
    ).toBe(200);
    const refused = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: bearer,
      payload: { name: "Site", type: "http", target: "https://example.com" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toEqual(expect.any(String));
    expect((await create(bearer, "Escalated")).statusCode).toBe(403);
    expect((await list(user.cookie)).json().data.map((k: { scope: string }) => k.scope)).toEqual([
      "read",
    ]);
  });

  it("lets a custom role that may do less than a full key make read-only keys only", async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "enterprise");
    const role = await app.inject({
      method: "POST",
      url: "/api/v1/roles",
      headers: owner.headers,
      payload: { name: "Key keeper", permissions: ["api_keys.manage"] },
    });
    const keeper = await signedInMember(app, db(), owner.accountId, "custom", role.json().id);
    const full = await create(keeper.headers, "Too strong");
    expect(full.statusCode).toBe(403);
    expect(full.json()).toEqual({
      detail:
        "A full-access key may do more than your role allows; make a read-only key (scope read) instead.",
    });
    const read = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: keeper.headers,
      payload: { name: "Just reading", scope: "read" },
    });
    expect(read.statusCode).toBe(201);
  });

  it("refuses a scope other than read or full with a sentence", async () => {
    const user = await registerUser(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: user.headers,
      payload: { name: "Odd", scope: "admin" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: "The key's scope must be read (read only) or full (full access).",
    });
  });

  it("asks for a name of 1 to 100 characters", async () => {
    const user = await registerUser(app);
    expect((await create(user.headers, "  ")).json()).toEqual({
      detail: "Give the key a name of 1 to 100 characters.",
    });
    expect((await create(user.headers, "x".repeat(101))).json()).toEqual({
      detail: "The key name must be 1 to 100 characters.",
    });
    expect((await create(user.headers, 42)).statusCode).toBe(400);
  });
});
