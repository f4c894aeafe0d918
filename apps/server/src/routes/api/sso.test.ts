import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { proveSsoDomain, startTestDns, type TestDns } from "../../../test/domain-proofs.ts";
import { startOpenIdProvider, type TestOpenIdProvider } from "../../../test/openid-provider.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { logInRequest, registerUser, type TestSession } from "../../../test/sessions.ts";
import {
  CALLBACK,
  freshDomain,
  PUBLIC_URL,
  returnFromProvider,
} from "../../../test/single-sign-on.ts";
import { placeOf, SecretBox } from "../../secrets/secret-box.ts";
import { parseSecretsKey } from "../../secrets/secrets-key.ts";
import { resealStoredSecrets } from "../../services/secrets/reseal-stored-secrets.ts";

const SSO_REQUIRED = "Your account signs in through single sign-on; use “Sign in with SSO”.";

const newDomain = () => freshDomain("org");

describeEachDatabase("Single sign-on through an OpenID Connect provider", (db) => {
  let app: FastifyInstance;
  let provider: TestOpenIdProvider;
  let dns: TestDns;
  beforeAll(async () => {
    dns = await startTestDns();
    app = await buildTestApp(db(), {
      env: { ALLOW_PRIVATE_TARGETS: "true", PUBLIC_URL, DNS_VERIFICATION_RESOLVER: dns.resolver },
    });
    provider = await startOpenIdProvider(CALLBACK);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
    await dns.close();
  });

  const setPlan = (accountId: string, plan: string) =>
    db().handle.db.updateTable("accounts").set({ plan }).where("id", "=", accountId).execute();

  const putSso = (owner: TestSession, body: Record<string, unknown>) =>
    app.inject({
      method: "PUT",
      url: "/api/v1/account/sso",
      headers: owner.headers,
      payload: body,
    });

  /** An Enterprise account whose owner set up the test provider for a fresh domain and proved it. */
  async function ssoAccount(settings: Record<string, unknown> = {}) {
    const domain = newDomain();
    const owner = await registerUser(app, `owner@${domain}`);
    await setPlan(owner.accountId, "enterprise");
    const saved = await putSso(owner, {
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      domains: [domain.toUpperCase()],
      default_role: "viewer",
      required: false,
      ...settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const proved = await proveSsoDomain(app, dns, owner.headers, domain);
    expect(proved.statusCode, proved.body).toBe(200);
    return { owner, domain };
  }

  const start = (email: string) =>
    app.inject({ method: "POST", url: "/api/v1/auth/sso/start", payload: { email } });

  /** Starts at the app, signs in at the provider, and returns to the app's callback. */
  async function signInThroughProvider(email: string, sub = `sub-${email}`, verified = true) {
    const started = await start(email);
    expect(started.statusCode, started.body).toBe(200);
    const back = await provider.signIn(started.json().redirect_url, {
      sub,
      email,
      email_verified: verified,
    });
    return returnFromProvider(app, started, back);
  }

  const sessionCookieOf = (response: { headers: Record<string, unknown> }) =>
    /upwatch_session=([^;]+)/.exec(String(response.headers["set-cookie"] ?? ""))?.[1];

  const refusalOf = (response: { headers: Record<string, unknown> }) => {
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe("/app/login");
    return location.searchParams.get("sso_error");
  };

  const membershipOf = (accountId: string, email: string) =>
    db()
      .handle.db.selectFrom("memberships")
      .innerJoin("users", "users.id", "memberships.user_id")
      .select(["memberships.role", "users.id"])
      .where("memberships.account_id", "=", accountId)
      .where("users.email_key", "=", email.toLowerCase())
      .executeTakeFirst();

  const auditOf = (accountId: string) =>
    db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "actor_label", "changes"])
      .where("account_id", "=", accountId)
      .orderBy("at")
      .execute();

  it("lets an Enterprise owner set up single sign-on without ever showing the client secret again", async () => {
    const { owner, domain } = await ssoAccount();
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/account/sso",
      headers: owner.cookie,
    });
    expect(read.json()).toEqual({
      configured: true,
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret_set: true,
      domains: [domain],
      domain_verifications: [expect.objectContaining({ domain, state: "verified", failure: null })],
      default_role: "viewer",
      default_custom_role_id: null,
      required: false,
      redirect_uri: CALLBACK,
    });
    expect(read.body).not.toContain(provider.clientSecret);
    const stored = await db()
      .handle.db.selectFrom("sso_configs")
      .select("client_secret_sealed")
      .where("account_id", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_sealed).not.toContain(provider.clientSecret);

    const changed = await putSso(owner, {
      issuer: provider.issuer,
      client_id: provider.clientId,
      domains: [domain],
      default_role: "member",
      required: true,
    });
    expect(changed.json()).toMatchObject({ default_role: "member", required: true });
    const updated = (await auditOf(owner.accountId)).find((e) => e.action === "sso.updated");
    expect(JSON.parse(updated?.changes ?? "{}")).toEqual({
      default_role: { before: "viewer", after: "member" },
      required: { before: false, after: true },
    });
    const signedIn = await signInThroughProvider(`kept-secret@${domain}`);
    expect(sessionCookieOf(signedIn)).toBeDefined();
  });

  it("refuses single sign-on on plans below Enterprise with a sentence naming the plan", async () => {
    const owner = await registerUser(app);
    await setPlan(owner.accountId, "business");
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/account/sso",
      headers: owner.cookie,
    });
    expect(read.statusCode).toBe(403);
    expect(read.json().detail).toBe(
      "Single sign-on is part of the Enterprise+ plan; the Business plan does not include it.",
    );
  });

  it("refuses an issuer that does not answer as an OpenID Connect provider", async () => {
    const owner = await registerUser(app, `owner@${newDomain()}`);
    await setPlan(owner.accountId, "enterprise");
    const saved = await putSso(owner, {
      issuer: `${provider.issuer}/not-an-issuer`,
      client_id: "upwatch",
      client_secret: "secret",
      domains: ["example.org"],
      default_role: "viewer",
      required: false,
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().detail).toBe(
      "The issuer could not be reached or is not an OpenID Connect provider; check its URL.",
    );
  });

  it("refuses a domain another account already signs in through, without naming that account", async () => {
    const { domain } = await ssoAccount();
    const other = await registerUser(app, `owner@${newDomain()}`);
    await setPlan(other.accountId, "enterprise");
    const saved = await putSso(other, {
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      domains: [domain],
      default_role: "viewer",
      required: false,
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().detail).toBe(
      `The domain ${domain} already signs in through another account's single sign-on.`,
    );
  });

  it("signs a new person in through the provider and adds them to the account with the default role", async () => {
    const { owner, domain } = await ssoAccount();
    const email = `ada@${domain}`;
    const back = await signInThroughProvider(email);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/app`);
    const token = sessionCookieOf(back);
    expect(token).toBeDefined();
    const session = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: { cookie: `upwatch_session=${token}` },
    });
    expect(session.json()).toMatchObject({ user: { email }, account: { id: owner.accountId } });
    expect(await membershipOf(owner.accountId, email)).toMatchObject({ role: "viewer" });
    expect(await auditOf(owner.accountId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "sso.configured", actor_label: owner.email }),
        expect.objectContaining({ action: "member.joined", actor_label: email }),
        expect.objectContaining({ action: "sign_in.succeeded", actor_label: email }),
      ]),
    );

    // The same provider identity signs in as the same person next time.
    const again = await signInThroughProvider(email);
    expect(sessionCookieOf(again)).toBeDefined();
    const people = await db()
      .handle.db.selectFrom("users")
      .select("id")
      .where("email_key", "=", email)
      .execute();
    expect(people).toHaveLength(1);
  });

  it("does not sign in or add a person who already has a password until they link it themselves", async () => {
    const { owner, domain } = await ssoAccount({ default_role: "member" });
    const existing = await registerUser(app, `grace@${domain}`);
    const back = await signInThroughProvider(existing.email);
    expect(sessionCookieOf(back)).toBeUndefined();
    const location = new URL(String(back.headers.location));
    expect(location.pathname).toBe("/app/login");
    expect(location.searchParams.get("sso_link")).toMatch(
      /^An Upwatch sign-in already uses this address/,
    );
    expect(await membershipOf(owner.accountId, existing.email)).toBeUndefined();
  });

  it("answers with a sentence when the address's domain has no single sign-on", async () => {
    const started = await start(`someone@${newDomain()}`);
    expect(started.statusCode).toBe(400);
    expect(started.json().detail).toBe("Single sign-on is not set up for this address's domain.");
  });

  for (const [name, tampering] of [
    [
      "an ID token from another issuer",
      { claims: (c: object) => ({ ...c, iss: "http://127.0.0.1:1/evil" }) },
    ],
    [
      "an ID token meant for another client",
      { claims: (c: object) => ({ ...c, aud: "another-client" }) },
    ],
    [
      "an ID token for another sign-in (wrong nonce)",
      { claims: (c: object) => ({ ...c, nonce: "replayed" }) },
    ],
    ["an ID token signed with a key the provider does not publish", { foreignKey: true }],
  ] as const) {
    it(`refuses ${name} and sends the browser to the login page with a sentence`, async () => {
      const { owner, domain } = await ssoAccount();
      const email = `mallory@${domain}`;
      provider.tamper(tampering);
      const back = await signInThroughProvider(email).finally(() => provider.tamper(undefined));
      expect(back.statusCode).toBe(303);
      expect(sessionCookieOf(back)).toBeUndefined();
      expect(refusalOf(back)).toBe(
        "The sign-in provider's answer could not be verified; please start again or ask your administrator.",
      );
      expect(await membershipOf(owner.accountId, email)).toBeUndefined();
      expect((await auditOf(owner.accountId)).map((event) => event.action)).toContain(
        "sign_in.failed",
      );
    });
  }

  it("refuses addresses the provider has not verified or of domains the account does not list", async () => {
    const { owner, domain } = await ssoAccount();
    const unverified = await signInThroughProvider(`eve@${domain}`, "sub-eve", false);
    expect(refusalOf(unverified)).toBe(
      "The sign-in provider has not verified your e-mail address; verify it there first.",
    );
    const started = await start(`frank@${domain}`);
    const back = await provider.signIn(started.json().redirect_url, {
      sub: "sub-frank",
      email: `frank@${newDomain()}`,
    });
    const elsewhere = await returnFromProvider(app, started, back);
    expect(refusalOf(elsewhere)).toBe(
      "Your e-mail address's domain does not sign in through this organisation's single sign-on.",
    );
    expect(sessionCookieOf(elsewhere)).toBeUndefined();
    expect(await membershipOf(owner.accountId, `eve@${domain}`)).toBeUndefined();
  });

  it("signs nobody in when the provider's answer is brought to a browser that did not start the sign-in", async () => {
    const { owner, domain } = await ssoAccount();
    const started = await start(`mallory@${domain}`);
    const back = await provider.signIn(started.json().redirect_url, {
      sub: "sub-mallory",
      email: `mallory@${domain}`,
    });
    const victimsBrowser = await app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
    });
    expect(sessionCookieOf(victimsBrowser)).toBeUndefined();
    expect(refusalOf(victimsBrowser)).toBe(
      "This single sign-on did not start in this browser; start it again from the login page.",
    );
    expect(await membershipOf(owner.accountId, `mallory@${domain}`)).toBeUndefined();
    expect((await auditOf(owner.accountId)).map((event) => event.action)).toContain(
      "sign_in.failed",
    );
  });

  it("takes the provider's answer once: the same return address used again is refused", async () => {
    const { domain } = await ssoAccount();
    const started = await start(`ivy@${domain}`);
    const back = await provider.signIn(started.json().redirect_url, {
      sub: "ivy",
      email: `ivy@${domain}`,
    });
    const first = await returnFromProvider(app, started, back);
    expect(sessionCookieOf(first)).toBeDefined();
    const replayed = await returnFromProvider(app, started, back);
    expect(sessionCookieOf(replayed)).toBeUndefined();
    expect(refusalOf(replayed)).toBe(
      "The single sign-on attempt expired or was already used; please start again.",
    );
  });

  it("keeps a password out of an account that requires single sign-on, but not its owner", async () => {
    const { owner, domain } = await ssoAccount({ required: true });
    const joinAccount = (userId: string) =>
      db()
        .handle.db.insertInto("memberships")
        .values({
          account_id: owner.accountId,
          user_id: userId,
          role: "member",
          custom_role_id: null,
          created_at: Date.now(),
        })
        .execute();
    // Someone who belongs only to that account cannot use a password at all.
    const member = await registerUser(app, `bob@${domain}`);
    await joinAccount(member.userId);
    await db()
      .handle.db.deleteFrom("memberships")
      .where("account_id", "=", member.accountId)
      .execute();
    const refused = await logInRequest(app, member.email, member.password, "10.0.0.7");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SSO_REQUIRED);
    const wrongPassword = await logInRequest(app, member.email, "not the password", "10.0.0.7");
    expect(wrongPassword.statusCode).toBe(401);

    // Someone who also has an account of their own signs in there, and cannot switch over.
    const both = await registerUser(app, `carol@${domain}`);
    await joinAccount(both.userId);
    await db()
      .handle.db.updateTable("users")
      .set({ account_id: owner.accountId })
      .where("id", "=", both.userId)
      .execute();
    const ownLogin = await logInRequest(app, both.email, both.password, "10.0.0.9");
    expect(ownLogin.statusCode).toBe(200);
    expect(ownLogin.json().account.id).toBe(both.accountId);
    const token = sessionCookieOf(ownLogin);
    const switched = await app.inject({
      method: "POST",
      url: "/api/v1/auth/session/account",
      headers: { cookie: `upwatch_session=${token}`, "x-csrf-token": ownLogin.json().csrf_token },
      payload: { account_id: owner.accountId },
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.json().detail).toBe(
      `${owner.email} signs in through single sign-on; use “Sign in with SSO” to open it.`,
    );

    const ownerLogin = await logInRequest(app, owner.email, owner.password, "10.0.0.8");
    expect(ownerLogin.statusCode).toBe(200);
  });

  it("turns single sign-on off so the domain no longer signs in through it", async () => {
    const { owner, domain } = await ssoAccount();
    const removed = await app.inject({
      method: "DELETE",
      url: "/api/v1/account/sso",
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await start(`joe@${domain}`)).statusCode).toBe(400);
  });
});

describeEachDatabase("The single sign-on client secret across a key rotation", (db) => {
  let app: FastifyInstance;
  let provider: TestOpenIdProvider;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { ALLOW_PRIVATE_TARGETS: "true", PUBLIC_URL } });
    provider = await startOpenIdProvider(CALLBACK);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it("is sealed again under the new key, which alone opens it", async () => {
    const owner = await registerUser(app, `owner@${newDomain()}`);
    await db()
      .handle.db.updateTable("accounts")
      .set({ plan: "enterprise" })
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
        domains: [newDomain()],
        default_role: "member",
        required: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    const newKey = parseSecretsKey("bmV3IHRlc3Qga2V5IGFmdGVyIHRoZSByb3RhdGlvbiE=")!;
    await resealStoredSecrets(db().handle.db, new SecretBox(newKey, [TEST_SECRETS.current]));
    const stored = await db()
      .handle.db.selectFrom("sso_configs")
      .select("client_secret_sealed")
      .where("account_id", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_sealed).toMatch(new RegExp(`^enc:v1:${newKey.id}:`));
    const place = placeOf("sso_configs", "client_secret_sealed", owner.accountId);
    expect(new SecretBox(newKey).open(stored.client_secret_sealed, place)).toBe(
      provider.clientSecret,
    );
  });
});
