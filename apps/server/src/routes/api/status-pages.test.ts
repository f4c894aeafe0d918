import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("rest of a small png"),
]);

let slugs = 0;
const freshSlug = (base = "acme") => `${base}-${++slugs}-${Date.now().toString(36)}`;

describeEachDatabase("status pages in the API", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let owner: Account;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    app = await buildTestApp(db(), { ctx, env: { PUBLIC_URL: "https://uptime.example.com" } });
    owner = await createTestAccount(db(), "enterprise", ctx);
  });
  afterAll(() => app.close());

  const call = async (
    who: Account,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : undefined,
    };
  };
  const createPage = async (who: Account, fields: Record<string, unknown> = {}) =>
    call(who, "POST", "/status-pages", { name: "Acme status", slug: freshSlug(), ...fields });
  const versionOf = async (pageId: string) =>
    Number(
      (
        await db()
          .handle.db.selectFrom("status_pages")
          .select("version")
          .where("id", "=", pageId)
          .executeTakeFirstOrThrow()
      ).version,
    );

  it("creates a page with its settings, public address and operational state, and lists it", async () => {
    const slug = freshSlug();
    const created = await call(owner, "POST", "/status-pages", {
      name: "Acme status",
      slug: `  ${slug.toUpperCase()} `,
      headline: "Live status of Acme's services",
      accent_color: "#2563EB",
      website_url: "https://acme.example/",
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "Acme status",
      slug,
      headline: "Live status of Acme's services",
      accent_color: "#2563eb",
      website_url: "https://acme.example/",
      support_url: null,
      white_label: false,
      custom_domain: null,
      custom_domain_verification: null,
      logo_url: null,
      public_url: `https://uptime.example.com/status/${slug}`,
      state: "operational",
      confirmed_subscribers: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: created.body.created_at,
    });
    const listed = await call(owner, "GET", "/status-pages");
    expect(listed.body.data).toContainEqual(created.body);
    const fetched = await call(owner, "GET", `/status-pages/${created.body.id}`);
    expect(fetched.body).toEqual(created.body);
  });

  it("tells a Free account that status pages are part of the paid plans", async () => {
    const free = await createTestAccount(db(), "free", ctx);
    const refused = await createPage(free);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail:
        "Status pages are part of the Hobby, Business and Enterprise+ plans; the Free plan does not include them.",
    });
    expect((await call(free, "GET", "/status-pages")).body).toEqual({ data: [] });
  });

  it("stops a Hobby account at 3 pages until one is deleted", async () => {
    const limited = await createTestAccount(db(), "hobby", ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createPage(limited);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const refused = await createPage(limited);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "The Hobby plan includes 3 status pages; delete one or move to a larger plan to add another.",
    );
    expect((await call(limited, "DELETE", `/status-pages/${ids[0]}`)).status).toBe(204);
    expect((await createPage(limited)).status).toBe(201);
  });

  it("lets simultaneous requests take no more pages than the plan allows", async () => {
    const limited = await createTestAccount(db(), "hobby", ctx);
    const answers = await Promise.all(Array.from({ length: 5 }, () => createPage(limited)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(2);
  });

  it("gives Business 10 pages and Enterprise+ pages without a limit", async () => {
    const business = await createTestAccount(db(), "business", ctx);
    for (let i = 0; i < 10; i++) expect((await createPage(business)).status).toBe(201);
    expect((await createPage(business)).body.detail).toMatch(/^The Business plan includes 10/);
    const enterprise = await createTestAccount(db(), "enterprise", ctx);
    for (let i = 0; i < 11; i++) expect((await createPage(enterprise)).status).toBe(201);
  });

  it("refuses white-label and custom domains below Enterprise+, with a sentence", async () => {
    const hobby = await createTestAccount(db(), "hobby", ctx);
    const whiteLabel = await createPage(hobby, { white_label: true });
    expect(whiteLabel.status).toBe(403);
    expect(whiteLabel.body.detail).toBe(
      'White-label status pages are part of the Enterprise+ plan; the Hobby plan shows "Powered by Upwatch".',
    );
    const domain = await createPage(hobby, { custom_domain: "status.acme.example" });
    expect(domain.status).toBe(403);
    expect(domain.body.detail).toMatch(
      /^Custom domains for status pages are part of the Enterprise\+ plan/,
    );
    const page = (await createPage(hobby)).body;
    const patched = await call(hobby, "PATCH", `/status-pages/${page.id}`, { white_label: true });
    expect(patched.status).toBe(403);
    const off = await call(hobby, "PATCH", `/status-pages/${page.id}`, { white_label: false });
    expect(off.status).toBe(200);
  });

  it("gives Enterprise+ white-label pages on a custom domain that no other page may take", async () => {
    const enterprise = await createTestAccount(db(), "enterprise", ctx);
    const domain = `status-${Date.now().toString(36)}.acme.example`;
    const created = await createPage(enterprise, {
      white_label: true,
      custom_domain: domain.toUpperCase(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ white_label: true, custom_domain: domain });
    const taken = await createPage(enterprise, { custom_domain: domain });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(`Another status page already uses the custom domain ${domain}.`);
    const bad = await createPage(enterprise, { custom_domain: "https://acme.example/status" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^custom_domain must be a host name/);
  });

  it("refuses the server's own host as a custom domain, on creation and on a change", async () => {
    const enterprise = await createTestAccount(db(), "enterprise", ctx);
    const detail =
      "uptime.example.com is this server's own address; a status page needs a domain of its own.";
    const created = await createPage(enterprise, { custom_domain: "uptime.example.com" });
    expect(created.status).toBe(400);
    expect(created.body.detail).toBe(detail);
    const page = (await createPage(enterprise)).body;
    const patched = await call(enterprise, "PATCH", `/status-pages/${page.id}`, {
      custom_domain: "Uptime.Example.com",
    });
    expect(patched.status).toBe(400);
    expect(patched.body.detail).toBe(detail);
    const stored = await call(enterprise, "GET", `/status-pages/${page.id}`);
    expect(stored.body.custom_domain).toBeNull();
  });

  it("keeps slugs unique across the server and refuses reserved and malformed ones", async () => {
    const slug = freshSlug();
    expect((await createPage(owner, { slug })).status).toBe(201);
    const other = await createTestAccount(db(), "business", ctx);
    const taken = await createPage(other, { slug });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: `Another status page already uses the slug "${slug}".` });
    const reserved = await createPage(other, { slug: "admin" });
    expect(reserved.status).toBe(400);
    expect(reserved.body.detail).toBe('slug "admin" is reserved; choose another.');
    for (const bad of ["a", "-acme", "acme-", "ac--me", "acme/status", "a".repeat(49), ""]) {
      const refused = await createPage(other, { slug: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.detail).toMatch(/^slug must be 2 to 48 lower-case letters/);
    }
    const mine = (await createPage(other)).body;
    const renamed = await call(other, "PATCH", `/status-pages/${mine.id}`, { slug });
    expect(renamed.status).toBe(409);
    const same = await call(other, "PATCH", `/status-pages/${mine.id}`, { slug: mine.slug });
    expect(same.status).toBe(200);
  });

  it("refuses bad settings and unknown fields with a sentence", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: "" }, /^name cannot be empty\.$/],
      [{ name: "x".repeat(101) }, /^name can be at most 100 characters\.$/],
      [{ accent_color: "blue" }, /^accent_color must be a colour/],
      [{ website_url: "javascript:alert(1)" }, /^website_url must be an http/],
      [{ headline: "x".repeat(501) }, /^headline can be at most 500/],
      [{ owner: "me" }, /^Unknown field: owner\.$/],
    ];
    for (const [fields, detail] of cases) {
      const refused = await createPage(owner, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.detail).toMatch(detail);
    }
  });

  it("changes settings, keeps fields left out, and moves the page's version", async () => {
    const page = (await createPage(owner, { headline: "Before" })).body;
    const before = await versionOf(page.id);
    const patched = await call(owner, "PATCH", `/status-pages/${page.id}`, {
      name: "Acme platform",
      support_url: "https://acme.example/support",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: "Acme platform",
      headline: "Before",
      support_url: "https://acme.example/support",
      slug: page.slug,
    });
    expect(await versionOf(page.id)).toBeGreaterThan(before);
    const cleared = await call(owner, "PATCH", `/status-pages/${page.id}`, { support_url: null });
    expect(cleared.body.support_url).toBeNull();
  });

  it("hides another account's pages as if they did not exist", async () => {
    const page = (await createPage(owner)).body;
    const stranger = await createTestAccount(db(), "business", ctx);
    for (const [method, url, body] of [
      ["GET", `/status-pages/${page.id}`],
      ["PATCH", `/status-pages/${page.id}`, { name: "Mine now" }],
      ["DELETE", `/status-pages/${page.id}`],
      ["GET", `/status-pages/${page.id}/components`],
      ["POST", `/status-pages/${page.id}/components`, { name: "API" }],
      ["PUT", `/status-pages/${page.id}/logo`, { image: PNG.toString("base64") }],
    ] as const) {
      const answer = await call(stranger, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body).toEqual({ detail: "There is no status page with that id." });
    }
    expect((await call(owner, "GET", `/status-pages/${page.id}`)).body.name).toBe("Acme status");
  });

  it("stores a PNG logo served from Upwatch under its hash, and removes it", async () => {
    const page = (await createPage(owner)).body;
    const set = await call(owner, "PUT", `/status-pages/${page.id}/logo`, {
      image: PNG.toString("base64"),
    });
    expect(set.status).toBe(200);
    const hash = (await import("node:crypto")).createHash("sha256").update(PNG).digest("hex");
    expect(set.body.logo_url).toBe(`/status/${page.slug}/logo/${hash}`);
    const stored = await db()
      .handle.db.selectFrom("status_page_logos")
      .selectAll()
      .where("page_id", "=", page.id)
      .executeTakeFirstOrThrow();
    expect(stored.content_type).toBe("image/png");
    expect(Buffer.from(stored.bytes_base64, "base64").equals(PNG)).toBe(true);
    expect((await call(owner, "DELETE", `/status-pages/${page.id}/logo`)).status).toBe(204);
    expect((await call(owner, "GET", `/status-pages/${page.id}`)).body.logo_url).toBeNull();
  });

  it("refuses a logo that is not a PNG, JPEG or WebP image, or is larger than 256 KiB", async () => {
    const page = (await createPage(owner)).body;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    const notImage = await call(owner, "PUT", `/status-pages/${page.id}/logo`, {
      image: svg.toString("base64"),
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.detail).toBe("The logo must be a PNG, JPEG or WebP image.");
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    const tooBig = await call(owner, "PUT", `/status-pages/${page.id}/logo`, {
      image: big.toString("base64"),
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.detail).toMatch(/^The logo can be at most 256 KiB/);
    const huge = await call(owner, "PUT", `/status-pages/${page.id}/logo`, {
      image: "A".repeat(600 * 1024),
    });
    expect(huge.status).toBe(413);
    const notBase64 = await call(owner, "PUT", `/status-pages/${page.id}/logo`, {
      image: "not base64!",
    });
    expect(notBase64.status).toBe(400);
    expect((await call(owner, "GET", `/status-pages/${page.id}`)).body.logo_url).toBeNull();
  });

  it("gives a slug asked for by two accounts at once to one of them, telling the other why", async () => {
    const slug = freshSlug("race");
    const first = await createTestAccount(db(), "business", ctx);
    const second = await createTestAccount(db(), "business", ctx);
    const answers = await Promise.all([createPage(first, { slug }), createPage(second, { slug })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({
      detail: `Another status page already uses the slug "${slug}".`,
    });
  });

  it("deletes a page with its components, sections, logo and subscribers", async () => {
    const page = (await createPage(owner)).body;
    await call(owner, "POST", `/status-pages/${page.id}/sections`, { name: "Core" });
    await call(owner, "POST", `/status-pages/${page.id}/components`, { name: "API" });
    await call(owner, "PUT", `/status-pages/${page.id}/logo`, { image: PNG.toString("base64") });
    const now = Date.now();
    await db()
      .handle.db.insertInto("status_subscribers")
      .values({
        id: `sub_${page.id}`,
        page_id: page.id,
        email: "reader@example.com",
        email_key: "reader@example.com",
        status: "confirmed",
        confirmation_sent_at: now,
        confirmed_at: now,
        unsubscribed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await call(owner, "GET", `/status-pages/${page.id}`)).body.confirmed_subscribers).toBe(
      1,
    );
    expect((await call(owner, "DELETE", `/status-pages/${page.id}`)).status).toBe(204);
    expect((await call(owner, "GET", `/status-pages/${page.id}`)).status).toBe(404);
    for (const table of [
      "status_components",
      "status_sections",
      "status_page_logos",
      "status_subscribers",
    ] as const) {
      const left = await db()
        .handle.db.selectFrom(table)
        .select("page_id")
        .where("page_id", "=", page.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect((await call(owner, "DELETE", `/status-pages/${page.id}`)).status).toBe(404);
  });
});
