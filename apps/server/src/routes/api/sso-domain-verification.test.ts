import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { proveSsoDomain, startTestDns, type TestDns } from "../../../test/domain-proofs.ts";
import { startOpenIdProvider, type TestOpenIdProvider } from "../../../test/openid-provider.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";
import {
  CALLBACK,
  freshDomain,
  PUBLIC_URL,
  returnFromProvider,
} from "../../../test/single-sign-on.ts";
import { putOnPlan } from "../../../test/team.ts";
import { createServiceContext } from "../../services/context.ts";

const HOUR = 3_600_000;
const NOT_SET_UP = "Single sign-on is not set up for this address's domain.";

const newDomain = () => freshDomain("proof");

describeEachDatabase("proving a single sign-on domain with a DNS record", (db) => {
  let app: FastifyInstance;
  let provider: TestOpenIdProvider;
  let dns: TestDns;
  let clock = Date.now();
  beforeAll(async () => {
    dns = await startTestDns();
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
    app = await buildTestApp(db(), {
      ctx,
      env: { ALLOW_PRIVATE_TARGETS: "true", PUBLIC_URL, DNS_VERIFICATION_RESOLVER: dns.resolver },
    });
    provider = await startOpenIdProvider(CALLBACK);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
    await dns.close();
  });

  /** An Enterprise owner who saved single sign-on for the domains, without proving any. */
  async function ownerClaiming(...claimed: string[]) {
    const owner = await registerUser(app, `owner@${newDomain()}`);
    await putOnPlan(db().handle.db, owner.accountId, "enterprise");
    const saved = await save(owner, claimed);
    expect(saved.statusCode, saved.body).toBe(200);
    return owner;
  }

  const save = (owner: TestSession, claimed: string[]) =>
    app.inject({
      method: "PUT",
      url: "/api/v1/account/sso",
      headers: owner.headers,
      payload: {
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        domains: claimed,
        default_role: "viewer",
        required: false,
      },
    });

  const verificationOf = async (owner: TestSession, domain: string) => {
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/account/sso",
      headers: owner.cookie,
    });
    return read
      .json()
      .domain_verifications.find((entry: { domain: string }) => entry.domain === domain);
  };

  const verify = (owner: TestSession, domain: string) =>
    app.inject({
      method: "POST",
      url: `/api/v1/account/sso/domains/${domain}/verify`,
      headers: owner.headers,
    });

  const start = (email: string) =>
    app.inject({ method: "POST", url: "/api/v1/auth/sso/start", payload: { email } });

  const actionsOf = async (accountId: string) =>
    (
      await db()
        .handle.db.selectFrom("audit_events")
        .select("action")
        .where("account_id", "=", accountId)
        .orderBy("at")
        .execute()
    ).map((event) => event.action);

  it("routes no sign-in through a listed domain until its TXT record is published and verified", async () => {
    const domain = newDomain();
    const owner = await ownerClaiming(domain);
    const pending = await verificationOf(owner, domain);
    expect(pending).toMatchObject({
      domain,
      state: "pending",
      record: { type: "TXT", name: `_upwatch-verification.${domain}` },
      verified_at: null,
      failure: null,
    });
    expect(pending.record.value).toMatch(/^upwatch-verification=[0-9a-f]{32}$/);
    const refused = await start(`ada@${domain}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(NOT_SET_UP);

    const unpublished = await verify(owner, domain);
    expect(unpublished.statusCode).toBe(200);
    expect(await verificationOf(owner, domain)).toMatchObject({
      state: "failed",
      failure: `No TXT record was found at _upwatch-verification.${domain}.`,
    });
    expect((await start(`ada@${domain}`)).statusCode).toBe(400);

    dns.publish({ name: pending.record.name, value: "upwatch-verification=someone-elses-token" });
    await verify(owner, domain);
    expect((await verificationOf(owner, domain)).failure).toBe(
      `The TXT record at _upwatch-verification.${domain} does not hold ${pending.record.value}.`,
    );

    const proved = await proveSsoDomain(app, dns, owner.headers, domain);
    expect(proved.statusCode, proved.body).toBe(200);
    expect(await verificationOf(owner, domain)).toMatchObject({
      state: "verified",
      verified_at: new Date(clock).toISOString(),
      failure: null,
    });
    const started = await start(`ada@${domain}`);
    expect(started.statusCode, started.body).toBe(200);
    const back = await provider.signIn(started.json().redirect_url, {
      sub: `sub-ada@${domain}`,
      email: `ada@${domain}`,
      email_verified: true,
    });
    const landed = await returnFromProvider(app, started, back);
    expect(String(landed.headers["set-cookie"])).toContain("upwatch_session=");
    expect(await actionsOf(owner.accountId)).toEqual(
      expect.arrayContaining([
        "sso.domain_verification_failed",
        "sso.domain_verified",
        "sign_in.succeeded",
      ]),
    );
  });

  it("refuses at the provider's return an address of a listed domain the account has not proven", async () => {
    const proven = newDomain();
    const unproven = newDomain();
    const owner = await ownerClaiming(proven, unproven);
    expect((await proveSsoDomain(app, dns, owner.headers, proven)).statusCode).toBe(200);
    const started = await start(`eve@${proven}`);
    const back = await provider.signIn(started.json().redirect_url, {
      sub: "sub-eve-unproven",
      email: `eve@${unproven}`,
      email_verified: true,
    });
    const landed = await returnFromProvider(app, started, back);
    expect(String(landed.headers["set-cookie"] ?? "")).not.toContain("upwatch_session=");
    expect(new URL(String(landed.headers.location)).searchParams.get("sso_error")).toBe(
      "Your e-mail address's domain does not sign in through this organisation's single sign-on.",
    );
  });

  it("keeps a domain's record and proof when the settings are saved again", async () => {
    const domain = newDomain();
    const owner = await ownerClaiming(domain);
    expect((await proveSsoDomain(app, dns, owner.headers, domain)).statusCode).toBe(200);
    const before = await verificationOf(owner, domain);
    const added = newDomain();
    expect((await save(owner, [domain, added])).statusCode).toBe(200);
    expect(await verificationOf(owner, domain)).toEqual(before);
    expect((await verificationOf(owner, added)).record.value).not.toBe(before.record.value);
  });

  it("refuses free-mail domains with a sentence, whatever record is published", async () => {
    const owner = await registerUser(app, `owner@${newDomain()}`);
    await putOnPlan(db().handle.db, owner.accountId, "enterprise");
    for (const domain of ["gmail.com", "Outlook.com", "proton.me"]) {
      const saved = await save(owner, [domain]);
      expect(saved.statusCode).toBe(400);
      expect(saved.json().detail).toBe(
        `${domain.toLowerCase()} is a free mail domain where anyone can get an address; single sign-on needs a domain your organisation owns.`,
      );
    }
  });

  it("lets another account take a domain that was only claimed, by proving it first", async () => {
    const domain = newDomain();
    const squatter = await ownerClaiming(domain);
    const owner = await ownerClaiming(domain);
    expect((await proveSsoDomain(app, dns, owner.headers, domain)).statusCode).toBe(200);
    expect(await verificationOf(squatter, domain)).toMatchObject({
      state: "lost",
      failure: `Another account proved that it owns ${domain} first, so its people sign in there.`,
    });
    expect(await actionsOf(squatter.accountId)).toContain("sso.domain_lost");
    const late = await verify(squatter, domain);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      `The domain ${domain} already signs in through another account's single sign-on.`,
    );
    const third = await registerUser(app, `owner@${newDomain()}`);
    await putOnPlan(db().handle.db, third.accountId, "enterprise");
    expect((await save(third, [domain])).statusCode).toBe(409);
    const started = await start(`grace@${domain}`);
    expect(started.statusCode).toBe(200);
    const stored = await db()
      .handle.db.selectFrom("sso_attempts")
      .select("account_id")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(stored.account_id).toBe(owner.accountId);
  });

  it("stops routing sign-ins through a domain whose record stayed missing at three re-checks over a day", async () => {
    const domain = newDomain();
    const owner = await ownerClaiming(domain);
    expect((await proveSsoDomain(app, dns, owner.headers, domain)).statusCode).toBe(200);
    const { record } = await verificationOf(owner, domain);
    dns.withdraw(record.name);
    for (let check = 1; check <= 4; check += 1) {
      clock += 6 * HOUR;
      await app.recheckDomains();
      expect((await verificationOf(owner, domain)).state, `re-check ${check}`).toBe("verified");
      expect((await start(`joe@${domain}`)).statusCode).toBe(200);
    }
    clock += 6 * HOUR;
    await app.recheckDomains();
    expect(await verificationOf(owner, domain)).toMatchObject({
      state: "lost",
      verified_at: null,
      lost_at: new Date(clock).toISOString(),
      failure: `No TXT record was found at ${record.name}.`,
    });
    const refused = await start(`joe@${domain}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(NOT_SET_UP);
    expect(await actionsOf(owner.accountId)).toContain("sso.domain_lost");

    dns.publish(record);
    expect((await verify(owner, domain)).statusCode).toBe(200);
    expect((await start(`joe@${domain}`)).statusCode).toBe(200);
  });

  it("forgives a record missing at a re-check when it is back at the next one", async () => {
    const domain = newDomain();
    const owner = await ownerClaiming(domain);
    expect((await proveSsoDomain(app, dns, owner.headers, domain)).statusCode).toBe(200);
    const { record } = await verificationOf(owner, domain);
    dns.withdraw(record.name);
    for (let check = 1; check <= 3; check += 1) {
      clock += 6 * HOUR;
      await app.recheckDomains();
    }
    dns.publish(record);
    clock += 6 * HOUR;
    await app.recheckDomains();
    dns.withdraw(record.name);
    for (let check = 1; check <= 4; check += 1) {
      clock += 6 * HOUR;
      await app.recheckDomains();
    }
    expect((await verificationOf(owner, domain)).state).toBe("verified");
  });
});
