import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  logInRequest,
  registerUser,
  sessionFrom,
  setCookieOf,
  type TestSession,
  uniqueEmail,
} from "../../../test/sessions.ts";
import type { SmtpSink } from "../../../test/smtp-sink.ts";
import { addInvitedPerson, invitationTokenFor, invite, putOnPlan } from "../../../test/team.ts";
import { totpOf } from "../../services/two-factor/totp.ts";

const REQUIRES = (name: string) =>
  `${name} requires two-factor sign-in; turn it on under Settings → Security first.`;

describeEachDatabase("two-factor sign-in cannot be skipped or out-guessed", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let clock = Date.UTC(2026, 11, 3, 9, 0, 0);
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, smtp, close } = await startAppWithMail(db(), () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    smtp.received.length = 0;
    // Past the sign-in throttle's window, so each case starts with no failures counted.
    clock += 16 * 60_000;
  });

  const codeFor = (secret: string) => totpOf(secret).generate({ timestamp: clock });
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: "POST", url: `/api/v1${url}`, headers, payload: payload ?? {} });

  async function turnOn(user: TestSession): Promise<{ secret: string; codes: string[] }> {
    const setup = await post("/auth/two-factor/setup", user.headers, { password: user.password });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const enabled = await post("/auth/two-factor/enable", user.headers, { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    clock += 30_000;
    return { secret, codes: enabled.json().recovery_codes };
  }

  async function challengeOf(user: TestSession): Promise<string> {
    const login = await logInRequest(app, user.email, user.password);
    expect(login.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    return login.json().challenge;
  }

  /** A Business account whose owner has two-factor on and requires it of everyone. */
  async function strictAccount(): Promise<{ owner: TestSession; name: string }> {
    const owner = await registerUser(app);
    await putOnPlan(db().handle.db, owner.accountId, "business");
    await turnOn(owner);
    const on = await app.inject({
      method: "PATCH",
      url: "/api/v1/account/security",
      headers: owner.headers,
      payload: { require_two_factor: true },
    });
    expect(on.statusCode).toBe(200);
    const account = await db()
      .handle.db.selectFrom("accounts")
      .select("name")
      .where("id", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    return { owner, name: account.name };
  }

  const isMember = async (userId: string, accountId: string) =>
    Boolean(
      await db()
        .handle.db.selectFrom("memberships")
        .select("user_id")
        .where("user_id", "=", userId)
        .where("account_id", "=", accountId)
        .executeTakeFirst(),
    );

  it("asks someone joining through an invitation to set up two-factor before their session starts", async () => {
    const { owner } = await strictAccount();
    const email = uniqueEmail("joiner");
    expect((await invite(app, owner, email, "viewer")).statusCode).toBe(201);
    await app.outbox.drain();
    const token = invitationTokenFor(smtp, email);
    const password = "a new member's password";

    const joined = await post(`/invitations/by-token/${token}/register`, {}, { password });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({
      two_factor_setup_required: true,
      challenge: expect.any(String),
    });
    expect(setCookieOf(joined)).toBeUndefined();

    const { challenge } = joined.json();
    const setup = await post("/auth/login/two-factor/setup", {}, { challenge });
    expect(setup.statusCode).toBe(200);
    const enabled = await post(
      "/auth/login/two-factor/enable",
      {},
      { challenge, code: codeFor(setup.json().secret) },
    );
    expect(enabled.statusCode).toBe(200);
    const member = sessionFrom(enabled, email, password);
    expect(member.accountId).toBe(owner.accountId);
    expect(enabled.json().membership.role).toBe("viewer");
  });

  it("refuses to let a person without two-factor accept an invitation into an account that requires it", async () => {
    const { owner, name } = await strictAccount();
    const person = await registerUser(app);
    expect((await invite(app, owner, person.email, "member")).statusCode).toBe(201);
    await app.outbox.drain();
    const token = invitationTokenFor(smtp, person.email);

    const refused = await post(`/invitations/by-token/${token}/accept`, person.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(REQUIRES(name));
    expect(await isMember(person.userId, owner.accountId)).toBe(false);

    await turnOn(person);
    const accepted = await post(`/invitations/by-token/${token}/accept`, person.headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().account.id).toBe(owner.accountId);
  });

  it("refuses to switch a session without two-factor into an account that requires it", async () => {
    const owner = await registerUser(app);
    await putOnPlan(db().handle.db, owner.accountId, "business");
    const person = await registerUser(app);
    await addInvitedPerson(app, smtp, owner, person);
    const home = await post("/auth/session/account", person.headers, {
      account_id: person.accountId,
    });
    expect(home.statusCode).toBe(200);
    await turnOn(owner);
    await db()
      .handle.db.updateTable("accounts")
      .set({ require_two_factor: 1 })
      .where("id", "=", owner.accountId)
      .execute();
    const account = await db()
      .handle.db.selectFrom("accounts")
      .select("name")
      .where("id", "=", owner.accountId)
      .executeTakeFirstOrThrow();

    const refused = await post("/auth/session/account", person.headers, {
      account_id: owner.accountId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(REQUIRES(account.name));
    const session = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: person.cookie,
    });
    expect(session.json().account.id).toBe(person.accountId);
  });

  it("signs out at once the members without two-factor when the owner requires it, and keeps the owner in", async () => {
    const owner = await registerUser(app);
    await putOnPlan(db().handle.db, owner.accountId, "business");
    const without = await registerUser(app);
    await addInvitedPerson(app, smtp, owner, without);
    const withIt = await registerUser(app);
    await addInvitedPerson(app, smtp, owner, withIt);
    await turnOn(withIt);
    const { secret } = await turnOn(owner);
    const ownerNow = sessionFrom(
      await post(
        "/auth/login/two-factor",
        {},
        { challenge: await challengeOf(owner), code: codeFor(secret) },
      ),
      owner.email,
      owner.password,
    );
    const on = await app.inject({
      method: "PATCH",
      url: "/api/v1/account/security",
      headers: ownerNow.headers,
      payload: { require_two_factor: true },
    });
    expect(on.statusCode).toBe(200);

    const status = async (user: TestSession) =>
      (await app.inject({ method: "GET", url: "/api/v1/auth/session", headers: user.cookie }))
        .statusCode;
    expect(await status(without)).toBe(401);
    expect(await status(withIt)).toBe(200);
    expect(await status(ownerNow)).toBe(200);
    const relogin = await logInRequest(app, without.email, without.password);
    expect(relogin.json()).toEqual({
      two_factor_setup_required: true,
      challenge: expect.any(String),
    });
  });

  it("counts every guess at a code before checking it, so guesses sent at once get five tries in all", async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const challenge = await challengeOf(user);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        post("/auth/login/two-factor", {}, { challenge, code: "000000" }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(7);
    const spent = await post("/auth/login/two-factor", {}, { challenge, code: codeFor(secret) });
    expect(spent.statusCode).toBe(401);
  });

  it("keeps guesses sent at once across several sign-ins within the address's ten failures", async () => {
    const user = await registerUser(app);
    await turnOn(user);
    const challenges = [
      await challengeOf(user),
      await challengeOf(user),
      await challengeOf(user),
      await challengeOf(user),
    ];
    const answers = await Promise.all(
      challenges.flatMap((challenge) =>
        Array.from({ length: 5 }, () =>
          post("/auth/login/two-factor", {}, { challenge, code: "000000" }),
        ),
      ),
    );
    const checked = answers.filter((answer) => answer.statusCode === 403);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(10);
  });

  it("spends no recovery code when two are sent at once for one sign-in", async () => {
    const user = await registerUser(app);
    const { codes } = await turnOn(user);
    const challenge = await challengeOf(user);
    const answers = await Promise.all([
      post("/auth/login/two-factor", {}, { challenge, recovery_code: codes[0] }),
      post("/auth/login/two-factor", {}, { challenge, recovery_code: codes[1] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const signedIn = sessionFrom(
      answers.find((answer) => answer.statusCode === 200)!,
      user.email,
      user.password,
    );
    const status = await app.inject({
      method: "GET",
      url: "/api/v1/auth/two-factor",
      headers: signedIn.cookie,
    });
    expect(status.json().recovery_codes_left).toBe(9);
  });

  it("asks for the password to set up two-factor, and mails the person when it is turned on and off", async () => {
    const user = await registerUser(app);
    const bare = await post("/auth/two-factor/setup", user.headers);
    expect(bare.statusCode).toBe(400);
    const wrong = await post("/auth/two-factor/setup", user.headers, { password: "not the one" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe("The current password is not correct.");
    const mailsTo = () =>
      smtp.received.filter((mail) =>
        JSON.stringify(mail.to ?? "")
          .toLowerCase()
          .includes(user.email.toLowerCase()),
      );
    const { secret } = await turnOn(user);
    await app.outbox.drain();
    expect(mailsTo().map((mail) => mail.subject)).toEqual([
      "Two-factor sign-in was turned on for your Upwatch sign-in",
    ]);
    expect(mailsTo()[0]!.text).toContain("https://upwatch.example/app/settings/security");

    const off = await post("/auth/two-factor/disable", user.headers, {
      password: user.password,
      code: codeFor(secret),
    });
    expect(off.statusCode).toBe(204);
    await app.outbox.drain();
    expect(mailsTo().map((mail) => mail.subject)).toEqual([
      "Two-factor sign-in was turned on for your Upwatch sign-in",
      "Two-factor sign-in was turned off for your Upwatch sign-in",
    ]);
  });

  it("limits password guesses when setting up two-factor like sign-ins", async () => {
    const user = await registerUser(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await post("/auth/two-factor/setup", user.headers, { password: "a guess" });
      expect(wrong.statusCode).toBe(403);
    }
    const locked = await post("/auth/two-factor/setup", user.headers, { password: user.password });
    expect(locked.statusCode).toBe(429);
  });

  it("asks for the password and a current code to make new recovery codes, and limits guesses", async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const passwordOnly = await post("/auth/two-factor/recovery-codes", user.headers, {
      password: user.password,
    });
    expect(passwordOnly.statusCode).toBe(400);
    const made = await post("/auth/two-factor/recovery-codes", user.headers, {
      password: user.password,
      code: codeFor(secret),
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().recovery_codes).toHaveLength(10);
    clock += 30_000;

    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await post("/auth/two-factor/recovery-codes", user.headers, {
        password: "a guess",
        code: codeFor(secret),
      });
      expect(wrong.statusCode).toBe(403);
    }
    const locked = await post("/auth/two-factor/recovery-codes", user.headers, {
      password: user.password,
      code: codeFor(secret),
    });
    expect(locked.statusCode).toBe(429);
  });

  it("records a sign-in only in the account it opens, and a failed one only in the default account", async () => {
    const other = await registerUser(app);
    await putOnPlan(db().handle.db, other.accountId, "business");
    const person = await registerUser(app);
    await putOnPlan(db().handle.db, person.accountId, "business");
    await addInvitedPerson(app, smtp, other, person);
    const home = await post("/auth/session/account", person.headers, {
      account_id: person.accountId,
    });
    expect(home.statusCode).toBe(200);
    const actionsIn = async (accountId: string) =>
      (
        await db()
          .handle.db.selectFrom("audit_events")
          .select("action")
          .where("account_id", "=", accountId)
          .where("actor_user_id", "=", person.userId)
          .where("action", "like", "sign_in.%")
          .execute()
      ).map((event) => event.action);
    const before = await actionsIn(other.accountId);

    expect((await logInRequest(app, person.email, person.password)).statusCode).toBe(200);
    expect((await logInRequest(app, person.email, "a wrong password")).statusCode).toBe(401);
    expect(await actionsIn(person.accountId)).toEqual(
      expect.arrayContaining(["sign_in.succeeded", "sign_in.failed"]),
    );
    expect(await actionsIn(other.accountId)).toEqual(before);
  });
});
