import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { proveSsoDomain, startTestDns, type TestDns } from "../../../test/domain-proofs.ts";
import { startOpenIdProvider, type TestOpenIdProvider } from "../../../test/openid-provider.ts";
import { registerUser } from "../../../test/sessions.ts";
import {
  CALLBACK,
  freshDomain,
  PUBLIC_URL,
  returnFromProvider,
} from "../../../test/single-sign-on.ts";
import { putOnPlan } from "../../../test/team.ts";

const newDomain = () => freshDomain("provisioned");

describeEachDatabase("single sign-on provisioning whatever REGISTRATION says", (db) => {
  // The open server sets up the accounts; the others share its database.
  let open: FastifyInstance;
  const servers: Record<string, FastifyInstance> = {};
  let provider: TestOpenIdProvider;
  let dns: TestDns;
  beforeAll(async () => {
    dns = await startTestDns();
    const SETTINGS = {
      ALLOW_PRIVATE_TARGETS: "true",
      PUBLIC_URL,
      DNS_VERIFICATION_RESOLVER: dns.resolver,
    };
    open = await buildTestApp(db(), { env: SETTINGS });
    for (const mode of ["invite-only", "closed"]) {
      servers[mode] = await buildTestApp(db(), { env: { ...SETTINGS, REGISTRATION: mode } });
    }
    provider = await startOpenIdProvider(CALLBACK);
  });
  afterAll(async () => {
    await open?.close();
    for (const server of Object.values(servers)) await server.close();
    await provider?.close();
    await dns?.close();
  });

  /** An Enterprise account whose owner set up the test provider for a fresh domain and proved it. */
  async function ssoAccount() {
    const domain = newDomain();
    const owner = await registerUser(open, `owner@${domain}`);
    await putOnPlan(db().handle.db, owner.accountId, "enterprise");
    const saved = await open.inject({
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
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const proved = await proveSsoDomain(open, dns, owner.headers, domain);
    expect(proved.statusCode, proved.body).toBe(200);
    return { owner, domain };
  }

  for (const mode of ["invite-only", "closed"]) {
    it(`signs a new person of the account's domain in through the provider on a ${mode} server`, async () => {
      const server = servers[mode]!;
      const { owner, domain } = await ssoAccount();
      const email = `new-hire@${domain}`;
      const started = await server.inject({
        method: "POST",
        url: "/api/v1/auth/sso/start",
        payload: { email },
      });
      expect(started.statusCode, started.body).toBe(200);
      const back = await provider.signIn(started.json().redirect_url, {
        sub: `sub-${email}`,
        email,
        email_verified: true,
      });
      const landed = await returnFromProvider(server, started, back);
      expect(landed.statusCode).toBe(303);
      expect(landed.headers.location).toBe(`${PUBLIC_URL}/app`);
      const token = /upwatch_session=([^;]+)/.exec(String(landed.headers["set-cookie"]))?.[1];
      expect(token).toBeDefined();
      const session = await server.inject({
        method: "GET",
        url: "/api/v1/auth/session",
        headers: { cookie: `upwatch_session=${token}` },
      });
      expect(session.json()).toMatchObject({ user: { email }, account: { id: owner.accountId } });
    });
  }
});
