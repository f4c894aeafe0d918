import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { proveStatusPageDomain, startTestDns, type TestDns } from "../../../test/domain-proofs.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const HOUR = 3_600_000;
let pages = 0;
const fresh = (base: string) => `${base}-${++pages}-${Date.now().toString(36)}`;

describeEachDatabase("proving a status page's custom domain with a DNS record", (db) => {
  let app: FastifyInstance;
  let dns: TestDns;
  let clock = Date.now();
  beforeAll(async () => {
    dns = await startTestDns();
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
    app = await buildTestApp(db(), { ctx, env: { DNS_VERIFICATION_RESOLVER: dns.resolver } });
  });
  afterAll(async () => {
    await app.close();
    await dns.close();
  });

  const enterprise = () =>
    createTestAccount(
      db(),
      "enterprise",
      createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock }),
    );
  const call = async (
    who: Account,
    method: "GET" | "POST" | "PATCH",
    url: string,
    body?: object,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.headers,
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const createPage = async (who: Account, domain: string) => {
    const name = fresh("Page");
    const created = await call(who, "POST", "/status-pages", {
      name,
      slug: fresh("page").toLowerCase(),
      custom_domain: domain,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; name: string; slug: string };
  };
  /** What a visitor of the domain sees, once the server has reloaded its domains. */
  const visit = async (domain: string) => {
    await app.statusDomains.refresh();
    return app.inject({ method: "GET", url: "/", headers: { host: domain } });
  };
  const verify = (who: Account, pageId: string) =>
    call(who, "POST", `/status-pages/${pageId}/custom-domain/verify`);
  const actionsOf = async (accountId: string) =>
    (
      await db()
        .handle.db.selectFrom("audit_events")
        .select("action")
        .where("account_id", "=", accountId)
        .execute()
    ).map((event) => event.action);

  it("serves a page on its custom domain only once the domain's TXT record is found", async () => {
    const owner = await enterprise();
    const domain = `${fresh("status")}.acme.example`;
    const page = await createPage(owner, domain);
    const read = await call(owner, "GET", `/status-pages/${page.id}`);
    expect(read.body).toMatchObject({
      custom_domain: domain,
      custom_domain_verification: {
        domain,
        state: "pending",
        record: { type: "TXT", name: `_upwatch-verification.${domain}` },
      },
    });
    expect((await visit(domain)).body).not.toContain(page.name);

    const unpublished = await verify(owner, page.id);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.custom_domain_verification).toMatchObject({
      state: "failed",
      failure: `No TXT record was found at _upwatch-verification.${domain}.`,
    });
    expect((await visit(domain)).body).not.toContain(page.name);

    const proved = await proveStatusPageDomain(app, dns, owner.headers, page.id);
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().custom_domain_verification).toMatchObject({
      state: "verified",
      verified_at: new Date(clock).toISOString(),
    });
    const served = await visit(domain);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain(page.name);
    expect(await actionsOf(owner.accountId)).toEqual(
      expect.arrayContaining([
        "status_page.domain_verification_failed",
        "status_page.domain_verified",
      ]),
    );
  });

  it("stops serving the old domain at once when the page's domain changes, and waits for the new one's proof", async () => {
    const owner = await enterprise();
    const first = `${fresh("first")}.acme.example`;
    const page = await createPage(owner, first);
    expect((await proveStatusPageDomain(app, dns, owner.headers, page.id)).statusCode).toBe(200);
    expect((await visit(first)).body).toContain(page.name);
    const second = `${fresh("second")}.acme.example`;
    const changed = await call(owner, "PATCH", `/status-pages/${page.id}`, {
      custom_domain: second,
    });
    expect(changed.body).toMatchObject({
      custom_domain: second,
      custom_domain_verification: { state: "pending" },
    });
    expect((await visit(first)).body).not.toContain(page.name);
    expect((await visit(second)).body).not.toContain(page.name);
  });

  it("lets another account's page take a domain another page only claimed, by proving it first", async () => {
    const squatter = await enterprise();
    const owner = await enterprise();
    const domain = `${fresh("contested")}.acme.example`;
    const squatted = await createPage(squatter, domain);
    const page = await createPage(owner, domain);
    expect((await proveStatusPageDomain(app, dns, owner.headers, page.id)).statusCode).toBe(200);
    expect((await visit(domain)).body).toContain(page.name);
    const lost = await call(squatter, "GET", `/status-pages/${squatted.id}`);
    expect(lost.body.custom_domain_verification).toMatchObject({
      state: "lost",
      failure: `Another account's status page proved that it owns ${domain} first, so the domain serves that page.`,
    });
    expect(await actionsOf(squatter.accountId)).toContain("status_page.domain_lost");
    const late = await verify(squatter, squatted.id);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(`Another status page already uses the custom domain ${domain}.`);
    const another = await call(squatter, "POST", "/status-pages", {
      name: "Late",
      slug: fresh("late"),
      custom_domain: domain,
    });
    expect(another.status).toBe(409);
  });

  it("stops serving a page on a domain whose record stayed missing at three re-checks over a day", async () => {
    const owner = await enterprise();
    const domain = `${fresh("dangling")}.acme.example`;
    const page = await createPage(owner, domain);
    expect((await proveStatusPageDomain(app, dns, owner.headers, page.id)).statusCode).toBe(200);
    const { record } = (await call(owner, "GET", `/status-pages/${page.id}`)).body
      .custom_domain_verification;
    dns.withdraw(record.name);
    for (let check = 1; check <= 4; check += 1) {
      clock += 6 * HOUR;
      await app.recheckDomains();
      expect((await visit(domain)).body, `re-check ${check}`).toContain(page.name);
    }
    clock += 6 * HOUR;
    expect(await app.recheckDomains()).toMatchObject({ lost: 1 });
    expect((await visit(domain)).body).not.toContain(page.name);
    const read = await call(owner, "GET", `/status-pages/${page.id}`);
    expect(read.body).toMatchObject({
      custom_domain: domain,
      custom_domain_verification: {
        state: "lost",
        failure: `No TXT record was found at ${record.name}.`,
      },
    });
    expect(await actionsOf(owner.accountId)).toContain("status_page.domain_lost");
  });
});
