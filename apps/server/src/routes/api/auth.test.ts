import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import {
  logInRequest,
  registerUser,
  sessionFrom,
  setCookieOf,
  uniqueEmail,
} from "../../../test/sessions.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";

const DAY = 24 * 3_600_000;

describeEachDatabase("registering, signing in and out", (db) => {
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

  const session = (headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/v1/auth/session", headers });

  it("registers a Free account, signs in with an HttpOnly cookie and signs out", async () => {
    const email = uniqueEmail("new");
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email, password: "a long enough password" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      user: { id: expect.stringMatching(/^usr_/), email },
      account: { id: expect.stringMatching(/^acc_/), name: email, plan: "free" },
      membership: { role: "owner", role_name: "Owner", permissions: expect.any(Array) },
      accounts: [{ id: expect.stringMatching(/^acc_/), name: email, role: "owner" }],
      csrf_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(setCookieOf(response)).toMatch(
      /^upwatch_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Expires=[^;]+$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const signedIn = sessionFrom(response, email, "a long enough password");

    const current = await session(signedIn.cookie);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(response.json());
    const account = await app.inject({
      method: "GET",
      url: "/api/v1/account",
      headers: signedIn.cookie,
    });
    expect(account.json()).toMatchObject({ id: signedIn.accountId, plan: "free", monitors: 0 });

    const logout = await app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: signedIn.headers,
    });
    expect(logout.statusCode).toBe(204);
    expect(setCookieOf(logout)).toMatch(/^upwatch_session=; .*Max-Age=0/);
    const after = await session(signedIn.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: "You are not signed in." });
  });

  it("stores only a hash of the session token and of the password", async () => {
    const user = await registerUser(app);
    const rows = await db()
      .handle.db.selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.token_hash", "users.password_hash"])
      .where("users.id", "=", user.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(user.token).digest("hex"));
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(rows)).not.toContain(user.password);
  });

  it("answers without a session that nobody is signed in", async () => {
    expect((await session({})).json()).toEqual({ detail: "You are not signed in." });
    const forged = await session({ cookie: "upwatch_session=not-a-session" });
    expect(forged.statusCode).toBe(401);
    expect(setCookieOf(forged)).toMatch(/^upwatch_session=; .*Max-Age=0/);
  });

  it("refuses a second account for an address in any letter case", async () => {
    const first = await registerUser(app);
    const again = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email: first.email.toUpperCase(), password: "another long password" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "An account already uses that e-mail address. Log in or reset your password.",
    });
  });

  it("refuses a short password, a long one and an address that is not one", async () => {
    const attempt = (payload?: Record<string, string>) =>
      app.inject({ method: "POST", url: "/api/v1/auth/register", payload });
    const short = await attempt({ email: uniqueEmail(), password: "nine char" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ detail: "The password must be at least 10 characters long." });
    const long = await attempt({ email: uniqueEmail(), password: "x".repeat(201) });
    expect(long.json()).toEqual({ detail: "The password must be at most 200 characters long." });
    const address = await attempt({ email: "not an address", password: "long enough password" });
    expect(address.json()).toEqual({ detail: "Please enter a valid email address." });
    const empty = await attempt(undefined);
    expect(empty.statusCode).toBe(400);
  });

  it("names an account after a long address within the 100 characters names may have", async () => {
    const email = `${"long".repeat(30)}-${uniqueEmail()}`;
    const user = await registerUser(app, email);
    const current = await session(user.cookie);
    expect(current.json().account.name).toBe(email.slice(0, 100));
    expect(current.json().user.email).toBe(email);
  });

  it("signs in with the right password in any letter case of the address", async () => {
    const user = await registerUser(app);
    const response = await logInRequest(app, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: user.userId, email: user.email } });
    const second = sessionFrom(response, user.email, user.password);
    expect(second.token).not.toBe(user.token);
    expect((await session(second.cookie)).statusCode).toBe(200);
  });

  it("answers a wrong address and a wrong password identically", async () => {
    const user = await registerUser(app);
    const unknown = await logInRequest(app, uniqueEmail("nobody"), user.password, "127.0.1.1");
    const wrong = await logInRequest(app, user.email, "not the password", "127.0.1.2");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: "The e-mail address or password is not correct." });
    expect(wrong.body).toBe(unknown.body);
    expect(setCookieOf(unknown)).toBeUndefined();
    expect(setCookieOf(wrong)).toBeUndefined();
  });

  it("refuses sign-ins for an address after 10 failures in 15 minutes, even the right password", async () => {
    const user = await registerUser(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await logInRequest(app, user.email, "wrong password", `127.0.2.${attempt}`);
      expect(failed.statusCode).toBe(401);
    }
    const refused = await logInRequest(app, user.email, user.password, "127.0.2.200");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe(String(15 * 60));
    expect(refused.json()).toEqual({
      detail: "Too many sign-in attempts. Wait 15 minutes and try again.",
    });
    clock += 14 * 60_000;
    const later = await logInRequest(app, user.email, user.password, "127.0.2.200");
    expect(later.json()).toEqual({
      detail: "Too many sign-in attempts. Wait 1 minute and try again.",
    });
    clock += 60_000;
    expect((await logInRequest(app, user.email, user.password, "127.0.2.200")).statusCode).toBe(
      200,
    );
  });

  it("refuses sign-ins from one client address after 30 failures in 15 minutes", async () => {
    const user = await registerUser(app);
    for (let attempt = 0; attempt < 30; attempt++) {
      await logInRequest(app, uniqueEmail("guess"), "wrong password", "127.0.3.1");
    }
    const refused = await logInRequest(app, user.email, user.password, "127.0.3.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const elsewhere = await logInRequest(app, user.email, user.password, "127.0.3.2");
    expect(elsewhere.statusCode).toBe(200);
  });

  it("refuses a 21st registration or reset request from one address within the hour, with a sentence", async () => {
    const from = (remoteAddress: string, url: string, payload: object) =>
      app.inject({ method: "POST", url: `/api/v1/auth/${url}`, payload, remoteAddress });
    const register = (remoteAddress: string) =>
      from(remoteAddress, "register", { email: uniqueEmail("burst"), password: "a long password" });
    for (let index = 0; index < 20; index++) {
      expect((await register("127.0.4.1")).statusCode).toBe(201);
      const reset = await from("127.0.4.1", "password-reset", { email: uniqueEmail("lost") });
      expect(reset.statusCode).toBe(202);
    }
    const refused = await register("127.0.4.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Too many accounts were created from your address\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const resetRefused = await from("127.0.4.1", "password-reset", { email: uniqueEmail("lost") });
    expect(resetRefused.statusCode).toBe(429);
    expect(resetRefused.json().detail).toMatch(/^Too many password resets were asked for/);
    expect((await register("127.0.4.2")).statusCode).toBe(201);
    clock += 3_600_000;
    expect((await register("127.0.4.1")).statusCode).toBe(201);
  });

  it("extends a session in use after a day and ends one unused for 30 days", async () => {
    const user = await registerUser(app);
    const sameDay = await session(user.cookie);
    expect(setCookieOf(sameDay)).toBeUndefined();
    clock += 2 * DAY;
    const extended = await session(user.cookie);
    expect(extended.statusCode).toBe(200);
    expect(setCookieOf(extended)).toMatch(/^upwatch_session=[\w-]{43}; .*Max-Age=2592000/);
    const row = await db()
      .handle.db.selectFrom("sessions")
      .select("expires_at")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(clock + 30 * DAY);
    clock += 30 * DAY;
    expect((await session(user.cookie)).statusCode).toBe(401);
  });
});

describeEachDatabase("sessions on an https address", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { PUBLIC_URL: "https://status.example.com" } });
  });
  afterAll(() => app.close());

  it("marks the session cookie Secure", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email: uniqueEmail(), password: "a long enough password" },
    });
    expect(setCookieOf(response)).toMatch(/; Secure$/);
  });
});
