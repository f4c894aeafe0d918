import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { createTestMonitor } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
interface Component {
  id: string;
  name: string;
  section_id: string | null;
  position: number;
}

let pages = 0;

describeEachDatabase("status page sections and components in the API", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let owner: Account;
  let pageId: string;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    app = await buildTestApp(db(), { ctx });
    owner = await createTestAccount(db(), "enterprise", ctx);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    pages += 1;
    const created = await call(owner, "POST", "/status-pages", {
      name: "Acme status",
      slug: `components-${pages}-${Date.now().toString(36)}`,
    });
    pageId = created.body.id;
  });

  async function call(
    who: Account,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
  ) {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }
  const page = (path = "") => `/status-pages/${pageId}${path}`;
  const addComponent = async (fields: Record<string, unknown>) => {
    const created = await call(owner, "POST", page("/components"), fields);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as Component & Record<string, unknown>;
  };
  const names = async () =>
    (await call(owner, "GET", page("/components"))).body.data.map((c: Component) => c.name);
  const setMonitorState = (id: string, state: string, paused = 0) =>
    db().handle.db.updateTable("monitors").set({ state, paused }).where("id", "=", id).execute();

  it("adds components in order, at a chosen position, with operational as the first state", async () => {
    const api = await addComponent({ name: "API", description: "Public REST API" });
    expect(api).toMatchObject({
      name: "API",
      description: "Public REST API",
      section_id: null,
      position: 0,
      state: "operational",
      shown_state: "operational",
      follow_monitors: false,
      monitors: [],
      suggested_state: null,
    });
    await addComponent({ name: "Dashboard" });
    await addComponent({ name: "Login", position: 1 });
    expect(await names()).toEqual(["API", "Login", "Dashboard"]);
    const listed = (await call(owner, "GET", page("/components"))).body;
    expect(listed.data.map((c: Component) => c.position)).toEqual([0, 1, 2]);
    await call(owner, "PATCH", page(`/components/${api.id}`), { position: 2 });
    expect(await names()).toEqual(["Login", "Dashboard", "API"]);
    await call(owner, "DELETE", page(`/components/${api.id}`));
    const after = (await call(owner, "GET", page("/components"))).body.data;
    expect(after.map((c: Component) => [c.name, c.position])).toEqual([
      ["Login", 0],
      ["Dashboard", 1],
    ]);
  });

  it("groups components in sections, and keeps them on the page when their section is removed", async () => {
    const core = (await call(owner, "POST", page("/sections"), { name: "Core" })).body;
    const edge = (await call(owner, "POST", page("/sections"), { name: "Edge", position: 0 })).body;
    const api = await addComponent({ name: "API", section_id: core.id });
    let listed = (await call(owner, "GET", page("/components"))).body;
    expect(listed.sections).toEqual([
      { id: edge.id, name: "Edge", position: 0 },
      { id: core.id, name: "Core", position: 1 },
    ]);
    const renamed = await call(owner, "PATCH", page(`/sections/${core.id}`), {
      name: "Core services",
      position: 0,
    });
    expect(renamed.body).toEqual({ id: core.id, name: "Core services", position: 0 });
    expect((await call(owner, "DELETE", page(`/sections/${core.id}`))).status).toBe(204);
    listed = (await call(owner, "GET", page("/components"))).body;
    expect(listed.sections).toEqual([{ id: edge.id, name: "Edge", position: 0 }]);
    expect(listed.data).toEqual([expect.objectContaining({ id: api.id, section_id: null })]);
    const stray = await call(owner, "POST", page("/components"), {
      name: "CDN",
      section_id: core.id,
    });
    expect(stray.status).toBe(400);
    expect(stray.body.detail).toBe(
      `There is no section with the id "${core.id}" on this status page.`,
    );
  });

  it("sets the whole order of sections and components at once, moving components between sections", async () => {
    const a = (await call(owner, "POST", page("/sections"), { name: "A" })).body;
    const b = (await call(owner, "POST", page("/sections"), { name: "B" })).body;
    const one = await addComponent({ name: "One", section_id: a.id });
    const two = await addComponent({ name: "Two", section_id: a.id });
    const three = await addComponent({ name: "Three" });
    const ordered = await call(owner, "PUT", page("/order"), {
      section_ids: [b.id, a.id],
      components: [
        { id: three.id, section_id: b.id },
        { id: one.id, section_id: null },
        { id: two.id, section_id: a.id },
      ],
    });
    expect(ordered.status).toBe(200);
    expect(ordered.body.sections.map((s: { name: string }) => s.name)).toEqual(["B", "A"]);
    expect(ordered.body.data.map((c: Component) => [c.name, c.section_id, c.position])).toEqual([
      ["Three", b.id, 0],
      ["One", null, 1],
      ["Two", a.id, 2],
    ]);
  });

  it("refuses an order that leaves out, repeats or invents a section or component", async () => {
    const a = (await call(owner, "POST", page("/sections"), { name: "A" })).body;
    const one = await addComponent({ name: "One" });
    const two = await addComponent({ name: "Two" });
    const cases: [unknown, string][] = [
      [
        { section_ids: [a.id], components: [{ id: one.id, section_id: null }] },
        "components must list every component of the page; 1 is missing.",
      ],
      [
        {
          section_ids: [a.id],
          components: [
            { id: one.id, section_id: null },
            { id: one.id, section_id: null },
          ],
        },
        `components names the component "${one.id}" twice.`,
      ],
      [
        {
          section_ids: [],
          components: [
            { id: one.id, section_id: null },
            { id: two.id, section_id: null },
          ],
        },
        "section_ids must list every section of the page; 1 is missing.",
      ],
      [
        {
          section_ids: [a.id],
          components: [
            { id: one.id, section_id: "sps_elsewhere" },
            { id: two.id, section_id: null },
          ],
        },
        'There is no section with the id "sps_elsewhere" on this status page.',
      ],
      [
        { section_ids: [a.id, "sps_nope"], components: [] },
        'There is no section with the id "sps_nope" on this status page.',
      ],
    ];
    for (const [body, detail] of cases) {
      const refused = await call(owner, "PUT", page("/order"), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail).toBe(detail);
    }
    expect(await names()).toEqual(["One", "Two"]);
  });

  it("links the account's monitors, shows their status and suggests a state from them", async () => {
    const web = await createTestMonitor(ctx, owner.accountId, "enterprise");
    const db2 = await createTestMonitor(ctx, owner.accountId, "enterprise");
    const api = await addComponent({ name: "API", monitor_ids: [web.id, db2.id, web.id] });
    expect(api.monitors).toHaveLength(2);
    expect(api.monitors).toContainEqual({ id: web.id, name: "Site", status: "pending" });
    expect(api.suggested_state).toBeNull();
    await setMonitorState(web.id, "up");
    await setMonitorState(db2.id, "down");
    const listed = (await call(owner, "GET", page("/components"))).body.data[0];
    expect(listed.suggested_state).toBe("degraded_performance");
    expect(listed.state).toBe("operational");
    await setMonitorState(web.id, "down");
    expect((await call(owner, "GET", page("/components"))).body.data[0].suggested_state).toBe(
      "major_outage",
    );
    const links = await call(owner, "GET", `/monitors/${web.id}/status-components`);
    expect(links.body).toEqual({
      data: [
        {
          page_id: pageId,
          page_name: "Acme status",
          component_id: api.id,
          component_name: "API",
          state: "operational",
        },
      ],
    });
  });

  it("refuses to link a monitor of another account, naming its id", async () => {
    const stranger = await createTestAccount(db(), "business", ctx);
    const theirs = await createTestMonitor(ctx, stranger.accountId, "business");
    const refused = await call(owner, "POST", page("/components"), {
      name: "API",
      monitor_ids: [theirs.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      `There is no monitor with the id "${theirs.id}" in this account.`,
    );
    const api = await addComponent({ name: "API" });
    const patched = await call(owner, "PATCH", page(`/components/${api.id}`), {
      monitor_ids: [theirs.id],
    });
    expect(patched.status).toBe(400);
    const their = await call(stranger, "GET", `/monitors/${theirs.id}/status-components`);
    expect(their.body).toEqual({ data: [] });
    const mine = await call(owner, "GET", `/monitors/${theirs.id}/status-components`);
    expect(mine.status).toBe(404);
  });

  it("sets a state by hand, stamps when it changed, and shows the worst state on the page", async () => {
    const api = await addComponent({ name: "API" });
    await addComponent({ name: "Dashboard", state: "degraded_performance" });
    expect((await call(owner, "GET", page())).body.state).toBe("degraded_performance");
    const before = Number(
      (
        await db()
          .handle.db.selectFrom("status_pages")
          .select("version")
          .where("id", "=", pageId)
          .executeTakeFirstOrThrow()
      ).version,
    );
    const outage = await call(owner, "PATCH", page(`/components/${api.id}`), {
      state: "major_outage",
    });
    expect(outage.status).toBe(200);
    expect(outage.body).toMatchObject({ state: "major_outage", shown_state: "major_outage" });
    expect(Date.parse(outage.body.state_changed_at)).toBeGreaterThanOrEqual(
      Date.parse(api.state_changed_at as string),
    );
    expect((await call(owner, "GET", page())).body.state).toBe("major_outage");
    const after = await db()
      .handle.db.selectFrom("status_pages")
      .select("version")
      .where("id", "=", pageId)
      .executeTakeFirstOrThrow();
    expect(Number(after.version)).toBeGreaterThan(before);
    const bad = await call(owner, "PATCH", page(`/components/${api.id}`), { state: "down" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^state must be one of operational, maintenance/);
  });

  it("takes the state of its monitors when a component starts following them", async () => {
    const site = await createTestMonitor(ctx, owner.accountId, "enterprise");
    await setMonitorState(site.id, "down");
    const followed = await addComponent({
      name: "Website",
      monitor_ids: [site.id],
      follow_monitors: true,
    });
    expect(followed).toMatchObject({ state: "major_outage", follow_monitors: true });
    const api = await addComponent({ name: "API", monitor_ids: [site.id] });
    expect(api.state).toBe("operational");
    await setMonitorState(site.id, "up");
    const following = await call(owner, "PATCH", page(`/components/${api.id}`), {
      follow_monitors: true,
    });
    expect(following.body).toMatchObject({ state: "operational", follow_monitors: true });
    const byHand = await call(owner, "PATCH", page(`/components/${api.id}`), {
      state: "degraded_performance",
    });
    expect(byHand.body).toMatchObject({ state: "degraded_performance", follow_monitors: true });
  });

  it("shows Maintenance to visitors while a window covering the component is under way", async () => {
    const api = await addComponent({ name: "API" });
    const broken = await addComponent({ name: "Search", state: "major_outage" });
    const now = Date.now();
    await db()
      .handle.db.insertInto("status_maintenances")
      .values({
        id: `spm_${pageId}`,
        page_id: pageId,
        title: "Database upgrade",
        message: "",
        starts_at: now - 60_000,
        ends_at: now + 3_600_000,
        cancelled_at: null,
        started_notice_at: null,
        ended_notice_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .handle.db.insertInto("status_maintenance_components")
      .values([
        { maintenance_id: `spm_${pageId}`, component_id: api.id },
        { maintenance_id: `spm_${pageId}`, component_id: broken.id },
      ])
      .execute();
    const listed = (await call(owner, "GET", page("/components"))).body.data;
    expect(listed.map((c: Record<string, unknown>) => [c.name, c.state, c.shown_state])).toEqual([
      ["API", "operational", "maintenance"],
      ["Search", "major_outage", "major_outage"],
    ]);
    await call(owner, "PATCH", page(`/components/${broken.id}`), { state: "operational" });
    expect((await call(owner, "GET", page())).body.state).toBe("maintenance");
  });

  it("refuses bad component fields and another page's components", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /name/],
      [{ name: "" }, /^name cannot be empty\.$/],
      [{ name: "x".repeat(101) }, /^name can be at most 100 characters\.$/],
      [{ name: "API", position: -1 }, /^position must be a whole number from 0\.$/],
      [{ name: "API", follow_monitors: "yes" }, /^follow_monitors must be true or false\.$/],
      [{ name: "API", monitor_ids: "m_1" }, /^monitor_ids must be a list of monitor ids\.$/],
    ];
    for (const [body, detail] of cases) {
      const refused = await call(owner, "POST", page("/components"), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail).toMatch(detail);
    }
    const api = await addComponent({ name: "API" });
    const other = (
      await call(owner, "POST", "/status-pages", {
        name: "Other",
        slug: `other-${pages}-${Date.now().toString(36)}`,
      })
    ).body;
    const crossed = await call(owner, "PATCH", `/status-pages/${other.id}/components/${api.id}`, {
      name: "Mine",
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.detail).toBe("There is no component on this status page with that id.");
  });

  it("stops a page at 20 sections with a sentence", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await call(owner, "POST", page("/sections"), { name: `S${i}` })).status).toBe(201);
    }
    const refused = await call(owner, "POST", page("/sections"), { name: "One more" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: "A status page can have at most 20 sections." });
  });
});
