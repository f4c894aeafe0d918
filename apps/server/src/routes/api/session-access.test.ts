import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, uniqueEmail } from "../../../test/sessions.ts";

const MONITOR = { type: "http", name: "Shop", target: "https://shop.example.com/" };
const MISSING_TOKEN = "The request is missing its security token; reload the page and try again.";
const OTHER_SITE = "Requests from other sites are not accepted.";

describeEachDatabase("the API with a signed-in session", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { PUBLIC_URL: "http://upwatch.test" } });
  });
  afterAll(() => app.close());

  const createMonitor = (headers: Record<string, string>) =>
    app.inject({ method: "POST", url: "/api/v1/monitors", headers, payload: MONITOR });

  it("reads with the cookie alone and changes only with the session's CSRF token", async () => {
    const user = await registerUser(app);
    const list = await app.inject({ method: "GET", url: "/api/v1/monitors", headers: user.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [] });

    const missing = await createMonitor(user.cookie);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ detail: MISSING_TOKEN });
    const other = await registerUser(app);
    const wrong = await createMonitor({ ...user.cookie, "x-csrf-token": other.csrf });
    expect(wrong.json()).toEqual({ detail: MISSING_TOKEN });
    const logout = await app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: user.cookie,
    });
    expect(logout.statusCode).toBe(403);

    const created = await createMonitor(user.headers);
    expect(created.statusCode).toBe(201);
    const listed = await app.inject({
      method: "GET",
      url: "/api/v1/monitors",
      headers: user.cookie,
    });
    expect(listed.json().data.map((m: { name: string }) => m.name)).toEqual(["Shop"]);
  });

  it("refuses requests sent from another site, signed in or signing in", async () => {
    const user = await registerUser(app);
    const foreign = { origin: "https://evil.example" };
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/monitors",
      headers: { ...user.cookie, ...foreign },
    });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ detail: OTHER_SITE });
    expect((await createMonitor({ ...user.headers, ...foreign })).statusCode).toBe(403);
    expect((await createMonitor({ ...user.headers, origin: "null" })).statusCode).toBe(403);
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: foreign,
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(403);
    const register = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      headers: foreign,
      payload: { email: uniqueEmail(), password: "a long enough password" },
    });
    expect(register.json()).toEqual({ detail: OTHER_SITE });

    const own = await createMonitor({ ...user.headers, origin: "http://upwatch.test" });
    expect(own.statusCode).toBe(201);
  });

  it("does not count the app's own requests against the plan's hourly API allowance", async () => {
    const user = await registerUser(app);
    for (let request = 0; request < 105; request++) {
      const response = await app.inject({
        method: "GET",
        url: "/api/v1/account",
        headers: user.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
    }
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: user.headers,
      payload: { name: "Script" },
    });
    const key = { authorization: `Bearer ${created.json().key}` };
    const first = await app.inject({ method: "GET", url: "/api/v1/account", headers: key });
    expect(first.headers["x-ratelimit-limit"]).toBe("100");
    expect(first.headers["x-ratelimit-remaining"]).toBe("99");
    await app.inject({ method: "GET", url: "/api/v1/account", headers: user.cookie });
    const second = await app.inject({ method: "GET", url: "/api/v1/account", headers: key });
    expect(second.headers["x-ratelimit-remaining"]).toBe("98");
  });

  it("takes a request with both a key and a cookie as the key's, without asking for a CSRF token", async () => {
    const user = await registerUser(app);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: user.headers,
      payload: { name: "Both" },
    });
    const response = await createMonitor({
      ...user.cookie,
      authorization: `Bearer ${created.json().key}`,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-ratelimit-remaining"]).toBe("99");
  });

  it("leaves the address and password endpoints to signed-in people, not API keys", async () => {
    const user = await registerUser(app);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: user.headers,
      payload: { name: "Key" },
    });
    const key = { authorization: `Bearer ${created.json().key}` };
    const email = await app.inject({
      method: "PATCH",
      url: "/api/v1/auth/email",
      headers: key,
      payload: { email: uniqueEmail(), current_password: user.password },
    });
    expect(email.statusCode).toBe(401);
    expect(email.json()).toEqual({ detail: "You are not signed in." });
    const remove = await app.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: key,
      payload: { confirm_email: user.email },
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toEqual({
      detail: "Sign in to delete the account; an API key cannot delete it.",
    });
  });
});
