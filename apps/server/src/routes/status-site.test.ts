import { publicStatusSummary } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp, testConfig } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { createTestMonitor } from "../../test/monitors.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { setAccountPlan } from "../services/accounts/set-account-plan.ts";
import { createServiceContext, type ServiceContext } from "../services/context.ts";
import {
  insertComponent,
  insertIncident,
  insertMaintenance,
  insertPage,
  insertSection,
  setComponentState,
} from "../status-site/page-rows.fixture.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase("the public status page", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let accountId: string;
  let enterpriseId: string;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    app = await buildTestApp(db(), { ctx });
    accountId = (await createTestAccount(db(), "business", ctx)).accountId;
    enterpriseId = (await createTestAccount(db(), "enterprise", ctx)).accountId;
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  const newPage = (fields = {}) => insertPage(db().handle.db, accountId, fields);
  /** A page of an Enterprise+ account, the plan whose white-label settings are in force. */
  const newEnterprisePage = (fields = {}) => insertPage(db().handle.db, enterpriseId, fields);

  it("shows the worst component state as its headline, each component's state, and the page's text escaped", async () => {
    const page = await newPage({
      name: "<b>Acme</b>",
      headline: "We <script>alert(1)</script> ship",
    });
    const dbx = db().handle.db;
    const section = await insertSection(dbx, page.id, "Data & storage");
    await insertComponent(dbx, page.id, { name: "Website", position: 0 });
    await insertComponent(dbx, page.id, {
      name: "Database",
      state: "degraded_performance",
      sectionId: section,
    });
    const response = await get(`/status/${page.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(response.body).toContain("Some systems have degraded performance");
    expect(response.body).toContain("Degraded Performance");
    expect(response.body).toContain("Data &amp; storage");
    expect(response.body).toContain("&lt;b&gt;Acme&lt;/b&gt;");
    expect(response.body).toContain("We &lt;script&gt;alert(1)&lt;/script&gt; ship");
    expect(response.body).not.toContain("<script");
    expect(response.body).toContain("Powered by");
    expect(response.body).toContain(`action="/status/${page.slug}/subscribe"`);
    expect(response.body).toContain("Email address");
  });

  it("draws 90 daily bars from the linked monitors' daily checks and never names the monitors or their targets", async () => {
    const page = await newPage();
    const monitor = await createTestMonitor(ctx, accountId, "business");
    const today = Math.floor(Date.now() / DAY) * DAY;
    await db()
      .handle.db.insertInto("check_rollups")
      .values([
        {
          monitor_id: monitor.id,
          bucket_seconds: 86_400,
          period_start: today,
          checks: 100,
          up_checks: 100,
        },
        {
          monitor_id: monitor.id,
          bucket_seconds: 86_400,
          period_start: today - DAY,
          checks: 100,
          up_checks: 50,
        },
      ])
      .execute();
    await insertComponent(db().handle.db, page.id, { name: "API", monitorIds: [monitor.id] });
    const response = await get(`/status/${page.slug}`);
    expect(response.body.match(/<rect /g)).toHaveLength(90);
    expect(response.body).toContain("75% uptime");
    expect(response.body).toContain("No data");
    expect(response.body).toContain('class="b-down"');
    expect(response.body).not.toContain(monitor.id);
    expect(response.body).not.toContain("example.com");
    expect(response.body).not.toContain(accountId);
  });

  it("says a component linked today has no data yet, and gives the uptime of a young one since its first checked day", async () => {
    const page = await newPage();
    const unchecked = await createTestMonitor(ctx, accountId, "business");
    const young = await createTestMonitor(ctx, accountId, "business");
    const today = Math.floor(Date.now() / DAY) * DAY;
    await db()
      .handle.db.insertInto("check_rollups")
      .values({
        monitor_id: young.id,
        bucket_seconds: 86_400,
        period_start: today,
        checks: 10,
        up_checks: 10,
      })
      .execute();
    await insertComponent(db().handle.db, page.id, { name: "API", monitorIds: [unchecked.id] });
    await insertComponent(db().handle.db, page.id, { name: "Web", monitorIds: [young.id] });
    const response = await get(`/status/${page.slug}`);
    expect(response.body).toContain('aria-label="API: No data yet, over the past 90 days"');
    expect(response.body).toContain("<span>No data yet</span>");
    const since = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(today);
    expect(response.body).toContain(`<span>100% uptime since ${since}</span>`);
    expect(response.body).not.toContain("<span>100% uptime</span>");
  });

  it("tells active incidents in their updates, with links made safe and line breaks kept", async () => {
    const page = await newPage();
    const now = Date.now();
    await insertIncident(db().handle.db, page.id, {
      title: "Slow <logins>",
      startedAt: now - HOUR,
      updates: [
        {
          stage: "investigating",
          message: "Looking into it.\nSee https://acme.test/x?a=1&b=2.",
          at: now - HOUR,
        },
        { stage: "identified", message: "Found the cause.\n\nFix coming.", at: now - 10_000 },
      ],
    });
    const body = (await get(`/status/${page.slug}`)).body;
    expect(body).toContain("Active incidents");
    expect(body).toContain("Slow &lt;logins&gt;");
    expect(body).toContain("Investigating");
    expect(body).toContain("Identified");
    expect(body).toContain(
      '<a href="https://acme.test/x?a=1&amp;b=2" rel="nofollow ugc noopener">',
    );
    expect(body).toContain("Looking into it.<br>See");
    expect(body).toContain("<p>Found the cause.</p><p>Fix coming.</p>");
    expect(body.indexOf("Identified")).toBeLessThan(body.indexOf("Investigating"));
  });

  it("announces upcoming maintenance and shows components in Maintenance while a window is under way", async () => {
    const page = await newPage();
    const dbx = db().handle.db;
    const api = await insertComponent(dbx, page.id, { name: "API" });
    const now = Date.now();
    await insertMaintenance(dbx, page.id, {
      title: "Database upgrade",
      message: "Short pauses.",
      startsAt: now + DAY,
      endsAt: now + DAY + HOUR,
      componentIds: [api],
    });
    const before = (await get(`/status/${page.slug}`)).body;
    expect(before).toContain("Database upgrade");
    expect(before).toContain("Scheduled");
    expect(before).toContain("All systems operational");
    await insertMaintenance(dbx, page.id, {
      title: "Network work",
      message: "",
      startsAt: now - HOUR,
      endsAt: now + HOUR,
      componentIds: [api],
    });
    const during = (await get(`/status/${page.slug}`)).body;
    expect(during).toContain("Scheduled maintenance in progress");
    expect(during).toContain("In progress");
    expect(during).toMatch(/<strong>API<\/strong><\/span><span class="state">Maintenance<\/span>/);
  });

  it("pages the incident history twenty at a time, newest first", async () => {
    const page = await newPage();
    const now = Date.now();
    for (let i = 0; i < 25; i += 1) {
      await insertIncident(db().handle.db, page.id, {
        title: `Incident number ${i}`,
        startedAt: now - (i + 1) * DAY,
        resolvedAt: now - (i + 1) * DAY + HOUR,
        updates: [{ stage: "resolved", message: "Fixed.", at: now - (i + 1) * DAY + HOUR }],
      });
    }
    const first = (await get(`/status/${page.slug}/history`)).body;
    expect(first.match(/Incident number \d+/g)).toHaveLength(20);
    expect(first).toContain("Incident number 0<");
    expect(first).toContain(`/status/${page.slug}/history?page=2`);
    const second = (await get(`/status/${page.slug}/history?page=2`)).body;
    expect(second.match(/Incident number \d+/g)).toEqual([
      "Incident number 20",
      "Incident number 21",
      "Incident number 22",
      "Incident number 23",
      "Incident number 24",
    ]);
    expect(second).toContain("Newer incidents");
    expect((await get(`/status/${page.slug}/history?page=0`)).statusCode).toBe(400);
    const main = (await get(`/status/${page.slug}`)).body;
    expect(main).toContain("Past incidents");
    expect(main).toContain("Incident number 24");
  });

  it("shows one incident on its own page, and answers 404 for another page's incident", async () => {
    const page = await newPage();
    const other = await newPage();
    const id = await insertIncident(db().handle.db, page.id, {
      title: "Mail delayed",
      startedAt: Date.now() - HOUR,
      updates: [{ stage: "monitoring", message: "Queue draining.", at: Date.now() - 1000 }],
    });
    const response = await get(`/status/${page.slug}/incidents/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Mail delayed");
    expect(response.body).toContain("Queue draining.");
    expect((await get(`/status/${other.slug}/incidents/${id}`)).statusCode).toBe(404);
  });

  it("answers unknown pages with a 404 page", async () => {
    const response = await get("/status/no-such-page");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Status page not found");
  });

  it("offers an Atom feed of the incidents, escaped", async () => {
    const page = await newPage({ name: "Feed & Co" });
    await insertIncident(db().handle.db, page.id, {
      title: "Errors on <checkout>",
      startedAt: Date.now() - HOUR,
      updates: [{ stage: "investigating", message: "On it.", at: Date.now() - HOUR }],
    });
    const response = await get(`/status/${page.slug}/feed.atom`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(response.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(response.body).toContain("<title>Feed &amp; Co status</title>");
    expect(response.body).toContain("Errors on &lt;checkout&gt; (Investigating)");
  });

  it("summarises the page as JSON for tools, without private fields", async () => {
    const page = await newPage();
    const monitor = await createTestMonitor(ctx, accountId, "business");
    const component = await insertComponent(db().handle.db, page.id, {
      name: "API",
      state: "major_outage",
      monitorIds: [monitor.id],
    });
    await insertIncident(db().handle.db, page.id, {
      title: "API down",
      startedAt: Date.now() - HOUR,
      updates: [{ stage: "investigating", message: "Looking.", at: Date.now() - HOUR }],
    });
    const response = await get(`/status/${page.slug}/api/summary.json`);
    expect(response.statusCode).toBe(200);
    const summary = publicStatusSummary.parse(response.json());
    expect(summary.status).toEqual({ state: "major_outage", description: "Major outage" });
    expect(summary.components).toEqual([
      { id: component, name: "API", section: null, state: "major_outage", uptime_90d: null },
    ]);
    expect(summary.active_incidents[0]?.title).toBe("API down");
    expect(response.body).not.toContain(monitor.id);
    expect(response.body).not.toContain(accountId);
  });

  it("draws a badge for the page and for each component", async () => {
    const page = await newPage({ name: "Acme" });
    const component = await insertComponent(db().handle.db, page.id, {
      name: "Web & API",
      state: "major_outage",
    });
    const pageBadge = await get(`/status/${page.slug}/badge.svg`);
    expect(pageBadge.headers["content-type"]).toBe("image/svg+xml");
    expect(pageBadge.body).toContain("Acme: Major Outage");
    const componentBadge = await get(`/status/${page.slug}/components/${component}/badge.svg`);
    expect(componentBadge.body).toContain("Web &amp; API: Major Outage");
    expect((await get(`/status/${page.slug}/components/cmp_nope/badge.svg`)).statusCode).toBe(404);
  });

  it("serves the logo under its hash for a year, and nothing under another hash", async () => {
    const bytes = Buffer.from("89504e470d0a1a0a0000", "hex");
    const page = await newPage({ logo_hash: "abc123", logo_type: "image/png" });
    await db()
      .handle.db.insertInto("status_page_logos")
      .values({
        page_id: page.id,
        content_type: "image/png",
        bytes_base64: bytes.toString("base64"),
        updated_at: Date.now(),
      })
      .execute();
    const logo = await get(`/status/${page.slug}/logo/abc123`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toContain("immutable");
    expect(logo.rawPayload.equals(bytes)).toBe(true);
    expect((await get(`/status/${page.slug}/logo/other`)).statusCode).toBe(404);
    expect((await get(`/status/${page.slug}`)).body).toContain(
      `src="/status/${page.slug}/logo/abc123"`,
    );
  });

  it("drops the Powered by line on white-label pages", async () => {
    const page = await newEnterprisePage({ white_label: 1 });
    expect((await get(`/status/${page.slug}`)).body).not.toContain("Powered by");
  });

  describe("its cache", () => {
    it("answers 304 to a visitor who has the current page", async () => {
      const page = await newPage();
      const first = await get(`/status/${page.slug}`);
      expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      const etag = String(first.headers.etag);
      const again = await get(`/status/${page.slug}`, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    });

    it("shows a change at once, even one made by another server process on the same database", async () => {
      const page = await newPage();
      const component = await insertComponent(db().handle.db, page.id, { name: "API" });
      const first = await get(`/status/${page.slug}`);
      expect(first.body).toContain("All systems operational");
      const other = db().reopen();
      const otherApp = await buildTestApp(
        { ...db(), handle: other },
        { ctx: createServiceContext(other.db, TEST_SECRETS) },
      );
      try {
        expect((await otherApp.inject({ url: `/status/${page.slug}` })).body).toContain(
          "All systems operational",
        );
        await setComponentState(other.db, page.id, component, "major_outage");
        const after = await get(`/status/${page.slug}`, {
          "if-none-match": String(first.headers.etag),
        });
        expect(after.statusCode).toBe(200);
        expect(after.body).toContain("Major outage");
      } finally {
        await otherApp.close();
        await other.close();
      }
    });

    it("shows a maintenance window starting on time though nothing changed on the page", async () => {
      let clock = Date.now();
      const clocked = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
      const timedApp = await buildTestApp(db(), { ctx: clocked });
      try {
        const page = await newPage();
        const api = await insertComponent(db().handle.db, page.id, { name: "API" });
        await insertMaintenance(db().handle.db, page.id, {
          title: "Upgrade",
          message: "",
          startsAt: clock + HOUR,
          endsAt: clock + 2 * HOUR,
          componentIds: [api],
        });
        const before = await timedApp.inject({ url: `/status/${page.slug}` });
        expect(before.body).toContain("All systems operational");
        clock += HOUR;
        const during = await timedApp.inject({ url: `/status/${page.slug}` });
        expect(during.body).toContain("Scheduled maintenance in progress");
        clock += HOUR;
        const after = await timedApp.inject({ url: `/status/${page.slug}` });
        expect(after.body).toContain("All systems operational");
        expect(after.body).not.toContain("Upgrade");
      } finally {
        await timedApp.close();
      }
    });

    it("sends the page compressed to browsers that accept it", async () => {
      const page = await newPage();
      for (let i = 0; i < 5; i += 1)
        await insertComponent(db().handle.db, page.id, { name: `Component ${i}`, position: i });
      const response = await get(`/status/${page.slug}`, { "accept-encoding": "br, gzip" });
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toContain("accept-encoding");
    });
  });

  it("serves a page on its custom domain", async () => {
    const page = await newEnterprisePage({
      custom_domain: "status.acme-example.test",
      name: "Custom Acme",
    });
    await app.statusDomains.refresh();
    const home = await get("/", { host: "status.acme-example.test" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("Custom Acme");
    const feed = await get("/feed.atom", { host: "STATUS.acme-example.test:443" });
    expect(feed.body).toContain("<title>Custom Acme status</title>");
    const link = await get(`/status/${page.slug}/history`, { host: "status.acme-example.test" });
    expect(link.statusCode).toBe(200);
    expect((await get("/", { host: "other.example.test" })).body).not.toContain("Custom Acme");
  });

  it("names a page on its custom domain by that domain in its feed and summary", async () => {
    const page = await newEnterprisePage({
      custom_domain: "status.feed-example.test",
      white_label: 1,
    });
    const feed = await get(`/status/${page.slug}/feed.atom`);
    expect(feed.body).toContain(
      '<link rel="self" href="https://status.feed-example.test/feed.atom"/>',
    );
    expect(feed.body).not.toContain("localhost");
    const summary = publicStatusSummary.parse(
      (await get(`/status/${page.slug}/api/summary.json`)).json(),
    );
    expect(summary.page.url).toBe("https://status.feed-example.test");
  });

  it("shows Powered by Upwatch and sends its custom domain's visitors to its Upwatch address while its account is on a plan without white-label, then takes both back", async () => {
    const owner = await createTestAccount(db(), "enterprise", ctx);
    const page = await insertPage(db().handle.db, owner.accountId, {
      name: "Held Acme",
      white_label: 1,
      custom_domain: "status.held-example.test",
    });
    const setPlan = async (plan: string) => {
      const changes = await setAccountPlan(ctx, owner.accountId, plan);
      await app.statusDomains.refresh();
      return changes.map((change) => change.kind);
    };
    const onDomain = (url: string) => get(url, { host: "status.held-example.test" });
    const upwatchAddress = `${testConfig().publicUrl.replace(/\/$/, "")}/status/${page.slug}`;

    expect(await setPlan("business")).toEqual(["white-label-held"]);
    expect((await get(`/status/${page.slug}`)).body).toContain("Powered by");
    const moved = await onDomain("/history?page=2");
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(`${upwatchAddress}/history?page=2`);
    expect((await onDomain("/")).headers.location).toBe(upwatchAddress);
    const feed = await get(`/status/${page.slug}/feed.atom`);
    expect(feed.body).toContain(`<link rel="self" href="${upwatchAddress}/feed.atom"/>`);
    const summary = publicStatusSummary.parse(
      (await get(`/status/${page.slug}/api/summary.json`)).json(),
    );
    expect(summary.page.url).toBe(upwatchAddress);

    expect(await setPlan("enterprise")).toEqual(["white-label-restored"]);
    expect((await get(`/status/${page.slug}`)).body).not.toContain("Powered by");
    const served = await onDomain("/");
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain("Held Acme");
  });

  it("never serves a page in place of the server's own site, even if one holds its host", async () => {
    const host = new URL(testConfig().publicUrl).host;
    await newEnterprisePage({ custom_domain: host.replace(/:\d+$/, ""), name: "Takeover page" });
    await app.statusDomains.refresh();
    const home = await get("/", { host });
    expect(home.body).not.toContain("Takeover page");
    expect((await get("/api/v1/openapi.json", { host })).statusCode).toBe(200);
  });

  it("answers addresses holding characters no page or id can have with the 404 page", async () => {
    const page = await newPage({ name: "Acme" });
    for (const url of [
      "/status/%00",
      "/status/%00/feed.atom",
      `/status/${page.slug}/incidents/%00`,
      `/status/${page.slug}/components/%00/badge.svg`,
      `/status/${page.slug}/incidents/${"x".repeat(65)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toContain("text/html");
    }
  });

  it("answers a missing incident or history page of a white-label page in the page's name alone", async () => {
    const page = await newEnterprisePage({ name: "Acme Cloud", white_label: 1 });
    const response = await get(`/status/${page.slug}/incidents/inc_nope`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(`<a href="/status/${page.slug}">Acme Cloud</a>`);
    expect(response.body).toContain("<title>Not found | Acme Cloud</title>");
    expect(response.body).not.toContain("Upwatch");
    expect(response.body).not.toContain("favicon");
    const history = await get(`/status/${page.slug}/history?page=0`);
    expect(history.statusCode).toBe(400);
    expect(history.body).toContain("<title>No such history page | Acme Cloud</title>");
    expect(history.body).not.toContain("Upwatch");
  });
});
