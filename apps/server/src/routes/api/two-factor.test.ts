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
  type TestSession,
} from "../../../test/sessions.ts";
import { hashToken, newToken } from "../../services/auth/auth-tokens.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";
import { totpOf } from "../../services/two-factor/totp.ts";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

describeEachDatabase("two-factor sign-in", (db) => {
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 11, 2, 9, 0, 0);
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

  const codeFor = (secret: string) => totpOf(secret).generate({ timestamp: clock });
  const nextStep = () => {
    clock += 30_000;
  };
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: "POST", url: `/api/v1${url}`, headers, payload: payload ?? {} });

  /** Turns two-factor on for a signed-in person; answers the secret and the recovery codes. */
  async function turnOn(user: TestSession): Promise<{ secret: string; codes: string[] }> {
    const setup = await post("/auth/two-factor/setup", user.headers, { password: user.password });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const enabled = await post("/auth/two-factor/enable", user.headers, { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    nextStep();
    return { secret, codes: enabled.json().recovery_codes };
  }

  async function challengeOf(user: TestSession): Promise<string> {
    const login = await logInRequest(app, user.email, user.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(setCookieOf(login)).toBeUndefined();
    return login.json().challenge;
  }

  it("sets up two-factor with a QR code and a typed secret, confirmed by a first code", async () => {
    const user = await registerUser(app);
    const setup = await post("/auth/two-factor/setup", user.headers, { password: user.password });
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Upwatch:.*secret=/);
    expect(body.otpauth_uri).toContain("algorithm=SHA1&digits=6&period=30");
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await post("/auth/two-factor/enable", user.headers, { code: "000000" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe(
      "That code is not correct; check your authenticator app and try again.",
    );
    const garbled = await post("/auth/two-factor/enable", user.headers, { code: "12ab" });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().detail).toContain("6 digits");

    const enabled = await post("/auth/two-factor/enable", user.headers, {
      code: codeFor(body.secret),
    });
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const status = await app.inject({
      method: "GET",
      url: "/api/v1/auth/two-factor",
      headers: user.cookie,
    });
    expect(status.json()).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
      required_by: [],
    });
    const again = await post("/auth/two-factor/setup", user.headers, { password: user.password });
    expect(again.statusCode).toBe(409);

    const stored = await db()
      .handle.db.selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", user.userId)
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    const sealed = await db()
      .handle.db.selectFrom("two_factor")
      .select("secret_sealed")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(sealed.secret_sealed).not.toContain(body.secret);
  });

  it("asks for a code after the password and starts the session only with a right one", async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);

    const challenge = await challengeOf(user);
    const wrong = await post("/auth/login/two-factor", {}, { challenge, code: "000000" });
    expect(wrong.statusCode).toBe(403);
    expect(setCookieOf(wrong)).toBeUndefined();

    const code = codeFor(secret);
    const right = await post(
      "/auth/login/two-factor",
      { "user-agent": CHROME_LINUX },
      { challenge, code },
    );
    expect(right.statusCode).toBe(200);
    const signedIn = sessionFrom(right, user.email, user.password);
    expect(signedIn.userId).toBe(user.userId);
    const session = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: signedIn.cookie,
    });
    expect(session.statusCode).toBe(200);

    const reused = await post("/auth/login/two-factor", {}, { challenge, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().detail).toBe(
      "This sign-in has expired; enter your e-mail address and password again.",
    );
    const replayed = await post(
      "/auth/login/two-factor",
      {},
      { challenge: await challengeOf(user), code },
    );
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json().detail).toBe("This code was just used; wait for the next one.");
  });

  it("takes each recovery code once instead of a code", async () => {
    const user = await registerUser(app);
    const { codes } = await turnOn(user);
    const first = codes[0]!;
    const used = await post(
      "/auth/login/two-factor",
      {},
      { challenge: await challengeOf(user), recovery_code: first.toUpperCase() },
    );
    expect(used.statusCode).toBe(200);
    const again = await post(
      "/auth/login/two-factor",
      {},
      { challenge: await challengeOf(user), recovery_code: first },
    );
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toBe("That recovery code is not correct or was already used.");
    const both = await post(
      "/auth/login/two-factor",
      {},
      { challenge: await challengeOf(user), code: "123456", recovery_code: codes[1] },
    );
    expect(both.statusCode).toBe(400);

    const signedIn = sessionFrom(used, user.email, user.password);
    const fresh = await post("/auth/two-factor/recovery-codes", signedIn.headers, {
      password: user.password,
      recovery_code: codes[3],
    });
    expect(fresh.statusCode).toBe(200);
    const old = await post(
      "/auth/login/two-factor",
      {},
      { challenge: await challengeOf(user), recovery_code: codes[2] },
    );
    expect(old.statusCode).toBe(403);
    const replacement = await post(
      "/auth/login/two-factor",
      {},
      { challenge: await challengeOf(user), recovery_code: fresh.json().recovery_codes[0] },
    );
    expect(replacement.statusCode).toBe(200);
  });

  it("gives a sign-in five tries at its code, and wrong codes count towards the sign-in limit", async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const challenge = await challengeOf(user);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post("/auth/login/two-factor", {}, { challenge, code: "000000" });
      expect(wrong.statusCode).toBe(403);
    }
    const spent = await post("/auth/login/two-factor", {}, { challenge, code: codeFor(secret) });
    expect(spent.statusCode).toBe(401);

    const second = await challengeOf(user);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await post("/auth/login/two-factor", {}, { challenge: second, code: "000000" });
    }
    const throttled = await logInRequest(app, user.email, user.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Too many sign-in attempts/);
    clock += 16 * 60_000;
  });

  it("asks for the code after a password reset too, so a mailbox alone does not sign in", async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const token = newToken();
    await db()
      .handle.db.insertInto("password_resets")
      .values({
        token_hash: hashToken(token),
        user_id: user.userId,
        created_at: clock,
        expires_at: clock + 3_600_000,
        used_at: null,
      })
      .execute();
    const reset = await post(
      "/auth/password-reset/complete",
      {},
      {
        token,
        password: "a brand new password",
      },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(setCookieOf(reset)).toBeUndefined();
    const signedIn = await post(
      "/auth/login/two-factor",
      {},
      { challenge: reset.json().challenge, code: codeFor(secret) },
    );
    expect(signedIn.statusCode).toBe(200);
    expect(setCookieOf(signedIn)).toContain("upwatch_session=");
    nextStep();
  });

  it("turns two-factor off with the password and a code, unless an account requires it", async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const wrongPassword = await post("/auth/two-factor/disable", user.headers, {
      password: "not the password",
      code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(403);

    await db()
      .handle.db.updateTable("accounts")
      .set({ require_two_factor: 1 })
      .where("id", "=", user.accountId)
      .execute();
    const required = await post("/auth/two-factor/disable", user.headers, {
      password: user.password,
      code: codeFor(secret),
    });
    expect(required.statusCode).toBe(409);
    expect(required.json().detail).toMatch(/^The account “.+” requires two-factor sign-in/);
    await db()
      .handle.db.updateTable("accounts")
      .set({ require_two_factor: 0 })
      .where("id", "=", user.accountId)
      .execute();

    nextStep();
    const off = await post("/auth/two-factor/disable", user.headers, {
      password: user.password,
      code: codeFor(secret),
    });
    expect(off.statusCode).toBe(204);
    const login = await logInRequest(app, user.email, user.password);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.userId);
  });

  it("lets an owner with two-factor require it, which signs out members without it until they set it up", async () => {
    const owner = await registerUser(app);
    const member = await registerUser(app);
    await db()
      .handle.db.insertInto("memberships")
      .values({
        account_id: owner.accountId,
        user_id: member.userId,
        role: "admin",
        custom_role_id: null,
        created_at: clock,
      })
      .execute();
    const inOwnersAccount = await post("/auth/session/account", member.headers, {
      account_id: owner.accountId,
    });
    expect(inOwnersAccount.statusCode).toBe(200);
    const patch = (user: TestSession, value: unknown) =>
      app.inject({
        method: "PATCH",
        url: "/api/v1/account/security",
        headers: user.headers,
        payload: { require_two_factor: value },
      });
    expect((await patch(owner, "yes")).statusCode).toBe(400);
    const ownerWithout = await patch(owner, true);
    expect(ownerWithout.statusCode).toBe(409);
    expect(ownerWithout.json().detail).toBe(
      "Turn on two-factor sign-in for yourself first (Settings → Security); then you can require it of everyone.",
    );
    await turnOn(owner);
    const on = await patch(owner, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ require_two_factor: true, can_change: true });
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/account/security",
      headers: owner.cookie,
    });
    expect(read.json()).toEqual({ require_two_factor: true, can_change: true });
    const signedOut = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: member.cookie,
    });
    expect(signedOut.statusCode).toBe(401);

    const login = await logInRequest(app, member.email, member.password);
    expect(login.json()).toEqual({
      two_factor_setup_required: true,
      challenge: expect.any(String),
    });
    expect(setCookieOf(login)).toBeUndefined();
    const { challenge } = login.json();
    const setup = await post("/auth/login/two-factor/setup", {}, { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const wrong = await post("/auth/login/two-factor/enable", {}, { challenge, code: "000000" });
    expect(wrong.statusCode).toBe(403);
    const enabled = await post(
      "/auth/login/two-factor/enable",
      {},
      { challenge, code: codeFor(secret) },
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recovery_codes).toHaveLength(10);
    const signedIn = sessionFrom(enabled, member.email, member.password);
    expect(signedIn.userId).toBe(member.userId);
    nextStep();
    const next = await logInRequest(app, member.email, member.password);
    expect(next.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  });

  it("refuses the two-factor requirement to everyone but the owner", async () => {
    const owner = await registerUser(app);
    const admin = await registerUser(app);
    await db()
      .handle.db.insertInto("memberships")
      .values({
        account_id: owner.accountId,
        user_id: admin.userId,
        role: "admin",
        custom_role_id: null,
        created_at: clock,
      })
      .execute();
    await db()
      .handle.db.updateTable("sessions")
      .set({ account_id: owner.accountId })
      .where("user_id", "=", admin.userId)
      .execute();
    const refused = await app.inject({
      method: "PATCH",
      url: "/api/v1/account/security",
      headers: admin.headers,
      payload: { require_two_factor: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/^Only the account's owner may/);
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/account/security",
      headers: admin.cookie,
    });
    expect(read.json()).toEqual({ require_two_factor: false, can_change: false });
  });

  it("records sign-ins and two-factor changes in the audit log of a Business account", async () => {
    const user = await registerUser(app);
    await db()
      .handle.db.updateTable("accounts")
      .set({ plan: "business" })
      .where("id", "=", user.accountId)
      .execute();
    await logInRequest(app, user.email, "a wrong password");
    clock += 1_000;
    const { secret } = await turnOn(user);
    const challenge = await challengeOf(user);
    await post("/auth/login/two-factor", {}, { challenge, code: codeFor(secret) });
    const events = await db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "changes", "actor_user_id"])
      .where("account_id", "=", user.accountId)
      .orderBy("at")
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      "sign_in.failed",
      "two_factor.enabled",
      "sign_in.succeeded",
    ]);
    expect(events.every((event) => event.actor_user_id === user.userId)).toBe(true);
    expect(JSON.parse(events[2]!.changes!)).toEqual({
      method: { before: null, after: "two-factor" },
    });
  });
});

describeEachDatabase("the sessions a person is signed in with", (db) => {
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 11, 2, 9, 0, 0);
  beforeAll(async () => {
    const ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      now: () => clock,
      newId: randomId,
    };
    app = await buildTestApp(db(), { ctx });
  });
  afterAll(() => app.close());

  const list = (user: TestSession) =>
    app.inject({ method: "GET", url: "/api/v1/auth/sessions", headers: user.cookie });

  it("names the device and address of the session that registering started", async () => {
    const registered = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email: `device-${randomId("t")}@example.com`, password: "correct horse battery" },
      headers: { "user-agent": CHROME_LINUX },
      remoteAddress: "203.0.113.9",
    });
    expect(registered.statusCode).toBe(201);
    const cookie = String(registered.headers["set-cookie"]).split(";")[0] ?? "";
    const sessions = (
      await app.inject({ method: "GET", url: "/api/v1/auth/sessions", headers: { cookie } })
    ).json().data;
    expect(sessions).toEqual([
      expect.objectContaining({ device: "Chrome on Linux", ip_address: "203.0.113.9" }),
    ]);
  });

  it("lists each device with its address and last use, and signs one out", async () => {
    const first = await registerUser(app);
    clock += 60_000;
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: first.email, password: first.password },
      headers: { "user-agent": CHROME_LINUX },
      remoteAddress: "203.0.113.7",
    });
    const second = sessionFrom(login, first.email, first.password);
    clock += 5 * 60_000;
    await list(second);

    const answer = await list(first);
    expect(answer.statusCode).toBe(200);
    const sessions = answer.json().data;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      device: "Chrome on Linux",
      ip_address: "203.0.113.7",
      signed_in_at: new Date(clock - 5 * 60_000).toISOString(),
      last_seen_at: new Date(clock).toISOString(),
      method: "password",
      current: false,
    });
    expect(sessions[1]).toMatchObject({ current: true });
    expect(JSON.stringify(sessions)).not.toContain(second.token);

    const stranger = await registerUser(app);
    const foreign = await app.inject({
      method: "DELETE",
      url: `/api/v1/auth/sessions/${sessions[0].id}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const ended = await app.inject({
      method: "DELETE",
      url: `/api/v1/auth/sessions/${sessions[0].id}`,
      headers: first.headers,
    });
    expect(ended.statusCode).toBe(204);
    expect((await list(second)).statusCode).toBe(401);
    expect((await list(first)).json().data).toHaveLength(1);
  });

  it("records a signed-out session in the audit log of its account", async () => {
    const first = await registerUser(app);
    await db()
      .handle.db.updateTable("accounts")
      .set({ plan: "business" })
      .where("id", "=", first.accountId)
      .execute();
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: first.email, password: first.password },
      headers: { "user-agent": CHROME_LINUX },
    });
    const second = sessionFrom(login, first.email, first.password);
    const other = (await list(second)).json().data.find((s: { current: boolean }) => !s.current);
    const ended = await app.inject({
      method: "DELETE",
      url: `/api/v1/auth/sessions/${other.id}`,
      headers: second.headers,
    });
    expect(ended.statusCode).toBe(204);
    const events = await db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "actor_user_id", "target_id", "target_label"])
      .where("account_id", "=", first.accountId)
      .where("action", "=", "session.ended")
      .execute();
    expect(events).toEqual([
      {
        action: "session.ended",
        actor_user_id: first.userId,
        target_id: other.id,
        target_label: other.device,
      },
    ]);
  });

  it("keeps API keys out of the sessions list", async () => {
    const user = await registerUser(app);
    const keyed = await app.inject({
      method: "GET",
      url: "/api/v1/auth/sessions",
      headers: { authorization: "Bearer uw_nothing" },
    });
    expect(keyed.statusCode).toBe(401);
    expect((await list(user)).statusCode).toBe(200);
  });
});
