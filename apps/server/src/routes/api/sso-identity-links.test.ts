import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppWithMail, startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { proveSsoDomain, startTestDns, type TestDns } from "../../../test/domain-proofs.ts";
import { startOpenIdProvider, type TestOpenIdProvider } from "../../../test/openid-provider.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";
import { CALLBACK, freshDomain, PUBLIC_URL } from "../../../test/single-sign-on.ts";
import { addInvitedPerson, putOnPlan } from "../../../test/team.ts";
import { confinedSessionRefusal } from "../../services/auth/session-confinement.ts";
import { SSO_STARTED_ELSEWHERE, ssoLinkRequired } from "../../services/sso/complete-sso-sign-in.ts";
import { totpOf } from "../../services/two-factor/totp.ts";

const newDomain = () => freshDomain("linked");

/** The cookies an answer sets, by name (an empty value: the cookie is cleared). */
function cookiesSetBy(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const cookies: Record<string, string> = {};
  for (const line of lines) {
    const [pair = ""] = line.split(";");
    const equals = pair.indexOf("=");
    cookies[pair.slice(0, equals)] = decodeURIComponent(pair.slice(equals + 1));
  }
  return cookies;
}

/** A browser's cookie jar: what answers set, sent back with later requests. */
class Browser {
  readonly jar = new Map<string, string>();
  keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const [name, value] of Object.entries(cookiesSetBy(response))) {
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return response;
  }
  get cookie(): Record<string, string> {
    const header = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    return header ? { cookie: header } : {};
  }
}

describeEachDatabase("Single sign-on and people who already sign in", (db) => {
  let mailApp: AppWithMail;
  let app: FastifyInstance;
  let provider: TestOpenIdProvider;
  let dns: TestDns;
  let clock = Date.now();
  beforeAll(async () => {
    dns = await startTestDns();
    mailApp = await startAppWithMail(db(), () => clock, {
      ALLOW_PRIVATE_TARGETS: "true",
      PUBLIC_URL,
      DNS_VERIFICATION_RESOLVER: dns.resolver,
    });
    app = mailApp.app;
    provider = await startOpenIdProvider(CALLBACK);
  });
  afterAll(async () => {
    await mailApp.close();
    await provider.close();
    await dns.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    app.inject({ method: "POST", url: `/api/v1${url}`, headers, payload });
  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ method: "GET", url: `/api/v1${url}`, headers });

  /** An Enterprise organisation whose owner set up the test provider for a proven domain. */
  async function organisation(settings: Record<string, unknown> = {}) {
    const domain = newDomain();
    const owner = await registerUser(app, `owner@${domain}`);
    await putOnPlan(db().handle.db, owner.accountId, "enterprise");
    const name = `Organisation of ${domain}`;
    await db()
      .handle.db.updateTable("accounts")
      .set({ name })
      .where("id", "=", owner.accountId)
      .execute();
    const saved = await app.inject({
      method: "PUT",
      url: "/api/v1/account/sso",
      headers: owner.headers,
      payload: {
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        domains: [domain],
        default_role: "member",
        required: false,
        ...settings,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const proved = await proveSsoDomain(app, dns, owner.headers, domain);
    expect(proved.statusCode, proved.body).toBe(200);
    return { owner, domain, name, accountId: owner.accountId };
  }

  /** Someone with their own Upwatch account (and optionally two-factor sign-in on). */
  async function personWithOwnAccount(email: string, twoFactor: boolean) {
    const person = await registerUser(app, email);
    if (!twoFactor) return { person, secret: undefined };
    const setup = await post("/auth/two-factor/setup", person.headers, {
      password: person.password,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const code = totpOf(secret).generate({ timestamp: clock });
    const enabled = await post("/auth/two-factor/enable", person.headers, { code });
    expect(enabled.statusCode, enabled.body).toBe(200);
    clock += 30_000;
    return { person, secret: secret as string };
  }

  /** In the browser: "Sign in with SSO", the provider's login page, and back to the app. */
  async function ssoSignIn(browser: Browser, email: string, sub = `sub-${email}`) {
    const started = browser.keep(await post("/auth/sso/start", browser.cookie, { email }));
    expect(started.statusCode, started.body).toBe(200);
    const back = await provider.signIn(started.json().redirect_url, { sub, email });
    return browser.keep(
      await app.inject({
        method: "GET",
        url: `${back.pathname}${back.search}`,
        headers: browser.cookie,
      }),
    );
  }

  /** The session a browser holds, as the API sees it. */
  async function sessionIn(browser: Browser): Promise<TestSession> {
    const answer = await get("/auth/session", browser.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    const cookie = { cookie: `upwatch_session=${browser.jar.get("upwatch_session")}` };
    return {
      email: body.user.email,
      password: "",
      token: browser.jar.get("upwatch_session") ?? "",
      csrf: body.csrf_token,
      userId: body.user.id,
      accountId: body.account.id,
      cookie,
      headers: { ...cookie, "x-csrf-token": body.csrf_token },
    };
  }

  const loginPageSays = (response: LightMyRequestResponse, name: string) => {
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe("/app/login");
    return location.searchParams.get(name);
  };

  const sessionsOf = (userId: string) =>
    db()
      .handle.db.selectFrom("sessions")
      .select(["account_id", "method", "confined_account_id"])
      .where("user_id", "=", userId)
      .execute();
  const identitiesOf = (userId: string) =>
    db()
      .handle.db.selectFrom("sso_identities")
      .select(["account_id", "subject"])
      .where("user_id", "=", userId)
      .execute();
  const memberOf = (accountId: string, userId: string) =>
    db()
      .handle.db.selectFrom("memberships")
      .select("role")
      .where("account_id", "=", accountId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  const auditOf = async (accountId: string) =>
    (
      await db()
        .handle.db.selectFrom("audit_events")
        .select(["action", "actor_label", "target_id", "changes"])
        .where("account_id", "=", accountId)
        .orderBy("at")
        .execute()
    ).map((event) => ({ ...event, changes: JSON.parse(event.changes ?? "null") }));

  it("never signs in, through another organisation's provider, someone who already signs in with two-factor", async () => {
    const org = await organisation();
    // Their own account, made before the organisation set up its provider.
    const { person } = await personWithOwnAccount(`ada@${org.domain}`, true);
    const sessionsBefore = await sessionsOf(person.userId);

    const browser = new Browser();
    const back = await ssoSignIn(browser, person.email);
    expect(loginPageSays(back, "sso_link")).toBe(ssoLinkRequired(org.name));
    expect(browser.jar.has("upwatch_session")).toBe(false);
    expect(browser.jar.has("upwatch_sso_link")).toBe(true);
    expect(await sessionsOf(person.userId)).toEqual(sessionsBefore);
    expect(await identitiesOf(person.userId)).toEqual([]);
    expect(await memberOf(org.accountId, person.userId)).toBeUndefined();

    // Whatever the browser now holds opens nothing: no session, no API key.
    expect((await get("/auth/session", browser.cookie)).statusCode).toBe(401);
    const key = await post("/api-keys", browser.cookie, { name: "deploys", scope: "full" });
    expect(key.statusCode).toBe(401);
    expect(
      await db()
        .handle.db.selectFrom("api_keys")
        .select("id")
        .where("account_id", "=", person.accountId)
        .execute(),
    ).toEqual([]);

    // The provider's answer taken to another browser links nothing either.
    const started = await post("/auth/sso/start", {}, { email: person.email });
    const elsewhere = await provider.signIn(started.json().redirect_url, {
      sub: `sub-${person.email}`,
      email: person.email,
    });
    const planted = await app.inject({
      method: "GET",
      url: `${elsewhere.pathname}${elsewhere.search}`,
    });
    expect(loginPageSays(planted, "sso_error")).toBe(SSO_STARTED_ELSEWHERE);
    expect(cookiesSetBy(planted).upwatch_sso_link).toBeUndefined();
    expect(cookiesSetBy(planted).upwatch_session).toBeUndefined();

    const audit = await auditOf(org.accountId);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "sso.identity_refused",
          actor_label: person.email,
          target_id: person.userId,
        }),
        expect.objectContaining({
          action: "sign_in.failed",
          actor_label: person.email,
          changes: {
            method: { before: null, after: "sso" },
            reason: { before: null, after: ssoLinkRequired(org.name) },
          },
        }),
      ]),
    );
    expect(audit.map((event) => event.action)).not.toContain("sign_in.succeeded");
    expect(audit.map((event) => event.action)).not.toContain("sso.identity_linked");
  });

  it("links the provider once the person signs in with their password and second factor, then signs them in through it", async () => {
    const org = await organisation();
    const { person, secret } = await personWithOwnAccount(`grace@${org.domain}`, true);
    const browser = new Browser();
    await ssoSignIn(browser, person.email);

    // Someone else signing in with this browser's pending link links nothing.
    const stranger = await registerUser(app);
    const strangerLogin = browser.keep(
      await post("/auth/login", browser.cookie, {
        email: stranger.email,
        password: stranger.password,
      }),
    );
    expect(strangerLogin.json().sso_linked_to).toBeUndefined();
    expect(await identitiesOf(stranger.userId)).toEqual([]);

    const refusedAgain = await ssoSignIn(browser, person.email);
    expect(loginPageSays(refusedAgain, "sso_link")).toBe(ssoLinkRequired(org.name));
    const login = browser.keep(
      await post("/auth/login", browser.cookie, {
        email: person.email,
        password: person.password,
      }),
    );
    expect(login.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(await identitiesOf(person.userId)).toEqual([]);
    const code = totpOf(secret ?? "").generate({ timestamp: clock });
    const second = browser.keep(
      await post("/auth/login/two-factor", browser.cookie, {
        challenge: login.json().challenge,
        code,
      }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      sso_linked_to: org.name,
      account: { id: org.accountId },
    });
    expect(browser.jar.has("upwatch_sso_link")).toBe(false);
    expect(await identitiesOf(person.userId)).toEqual([
      { account_id: org.accountId, subject: `sub-${person.email}` },
    ]);
    expect(await memberOf(org.accountId, person.userId)).toEqual({ role: "member" });
    expect(await auditOf(org.accountId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "sso.identity_linked",
          actor_label: person.email,
          target_id: person.userId,
          changes: { method: { before: null, after: "two-factor" } },
        }),
      ]),
    );

    // From now on the provider signs them in, in the organisation only, without Upwatch's code.
    const next = new Browser();
    const signedIn = await ssoSignIn(next, person.email);
    expect(signedIn.headers.location).toBe(`${PUBLIC_URL}/app`);
    const session = await get("/auth/session", next.cookie);
    expect(session.json()).toMatchObject({
      user: { id: person.userId },
      account: { id: org.accountId },
      accounts: [{ id: org.accountId }],
    });
    expect(await sessionsOf(person.userId)).toContainEqual({
      account_id: org.accountId,
      method: "sso",
      confined_account_id: org.accountId,
    });
    expect(
      (await auditOf(org.accountId)).filter(
        (event) => event.action === "sign_in.succeeded" && event.target_id === person.userId,
      ),
    ).toEqual([expect.objectContaining({ changes: { method: { before: null, after: "sso" } } })]);
  });

  it("links with the password alone a person without two-factor, and leaves an organisation that requires single sign-on to it", async () => {
    const org = await organisation({ required: true });
    const { person } = await personWithOwnAccount(`hedy@${org.domain}`, false);
    const browser = new Browser();
    await ssoSignIn(browser, person.email);
    const login = browser.keep(
      await post("/auth/login", browser.cookie, {
        email: person.email,
        password: person.password,
      }),
    );
    expect(login.statusCode, login.body).toBe(200);
    // Linked and a member, but a password session stays out of an organisation requiring SSO.
    expect(login.json()).toMatchObject({
      sso_linked_to: org.name,
      account: { id: person.accountId },
    });
    expect(await memberOf(org.accountId, person.userId)).toEqual({ role: "member" });
    expect(await auditOf(org.accountId)).toContainEqual(
      expect.objectContaining({
        action: "sso.identity_linked",
        changes: { method: { before: null, after: "password" } },
      }),
    );
    // The link is used up: the same browser's next sign-in links nothing more.
    const again = await post("/auth/login", browser.cookie, {
      email: person.email,
      password: person.password,
    });
    expect(again.json().sso_linked_to).toBeUndefined();
  });

  it("signs in through the provider a member who joined by invitation, confined to that organisation", async () => {
    const org = await organisation();
    const { person } = await personWithOwnAccount(`joan@${org.domain}`, true);
    // The notice that two-factor was turned on goes first, so the newest mail is the invitation.
    await app.outbox.drain();
    await addInvitedPerson(app, mailApp.smtp, org.owner, person, "admin");

    const browser = new Browser();
    const back = await ssoSignIn(browser, person.email);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/app`);
    const session = await sessionIn(browser);
    expect(session.accountId).toBe(org.accountId);
    expect(await auditOf(org.accountId)).toContainEqual(
      expect.objectContaining({
        action: "sso.identity_linked",
        target_id: person.userId,
        changes: { method: { before: null, after: "invitation" } },
      }),
    );

    // Only the organisation is listed, and no way leads to the person's own account.
    const view = await get("/auth/session", session.cookie);
    expect(view.json().accounts).toEqual([expect.objectContaining({ id: org.accountId })]);
    const refusal = confinedSessionRefusal(org.name);
    const switched = await post("/auth/session/account", session.headers, {
      account_id: person.accountId,
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.json().detail).toBe(refusal);
    const created = await post("/accounts", session.headers, { name: "Side project" });
    expect(created.statusCode).toBe(403);
    expect(created.json().detail).toBe(refusal);
    const other = await registerUser(app);
    await putOnPlan(db().handle.db, other.accountId, "business");
    const invited = await post("/invitations", other.headers, {
      email: person.email,
      role: "member",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await app.outbox.drain();
    const link = mailApp.smtp.received
      .filter((mail) => JSON.stringify(mail.to ?? "").includes(person.email))
      .at(-1)
      ?.text?.match(/\/app\/invitations\/([\w-]+)/)?.[1];
    const accepted = await post(`/invitations/by-token/${link}/accept`, session.headers);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json().detail).toBe(refusal);
    expect(await memberOf(other.accountId, person.userId)).toBeUndefined();

    // Keys made in the session belong to the organisation.
    const key = await post("/api-keys", session.headers, { name: "deploys", scope: "full" });
    expect(key.statusCode, key.body).toBe(201);
    const keys = await db()
      .handle.db.selectFrom("api_keys")
      .select("account_id")
      .where("created_by", "=", person.userId)
      .execute();
    expect(keys).toEqual([{ account_id: org.accountId }]);

    // Even moved behind the server's back, the session opens nothing outside the organisation.
    await db()
      .handle.db.updateTable("sessions")
      .set({ account_id: person.accountId })
      .where("confined_account_id", "=", org.accountId)
      .where("user_id", "=", person.userId)
      .execute();
    expect((await get("/auth/session", session.cookie)).statusCode).toBe(401);
  });
});
