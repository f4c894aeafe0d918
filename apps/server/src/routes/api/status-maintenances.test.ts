import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { insertStatusPage, pageVersion } from "../../../test/status-incident-pages.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
type Page = Awaited<ReturnType<typeof insertStatusPage>>;

const HOUR = 3_600_000;

describeEachDatabase("status page maintenance in the API", (db) => {
  let app: FastifyInstance;
  let account: Account;
  let clock = Date.parse("2026-12-01T00:00:00Z");

  beforeAll(async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "business", ctx);
  });
  afterAll(() => app.close());

  const at = (offsetMs: number) => new Date(clock + offsetMs).toISOString();
  const newPage = () => insertStatusPage(db().handle.db, account.accountId, ["API", "Website"]);
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1/status-pages${url}`,
      headers: account.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const schedule = (page: Page, extra: Record<string, unknown> = {}) =>
    call("POST", `/${page.id}/maintenances`, {
      title: "Database upgrade",
      message: "Writes pause for a few minutes.",
      starts_at: at(HOUR),
      ends_at: at(2 * HOUR),
      component_ids: [page.componentIds[0]],
      ...extra,
    });
  const noticeKinds = async (page: Page) =>
    (
      await db()
        .handle.db.selectFrom("status_notices")
        .select("kind")
        .where("page_id", "=", page.id)
        .orderBy("created_at")
        .execute()
    ).map((row) => row.kind);

  it("schedules a window with its components, announces it and moves the page's version", async () => {
    const page = await newPage();
    const before = await pageVersion(db().handle.db, page.id);
    const created = await schedule(page);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      page_id: page.id,
      title: "Database upgrade",
      status: "scheduled",
      starts_at: at(HOUR),
      ends_at: at(2 * HOUR),
      components: [{ component_id: page.componentIds[0], name: "API" }],
    });
    expect(await pageVersion(db().handle.db, page.id)).toBeGreaterThan(before);
    expect(await noticeKinds(page)).toEqual(["maintenance-scheduled"]);
  });

  it("refuses windows that end first, last over 7 days, have ended or start over 366 days ahead", async () => {
    const page = await newPage();
    const refused = async (extra: Record<string, unknown>) => (await schedule(page, extra)).body;
    expect(await refused({ ends_at: at(HOUR) })).toEqual({
      detail: "ends_at must be after starts_at.",
    });
    expect(await refused({ ends_at: at(HOUR + 8 * 24 * HOUR) })).toEqual({
      detail: "A maintenance window can last at most 7 days.",
    });
    expect(await refused({ starts_at: at(-2 * HOUR), ends_at: at(-HOUR) })).toEqual({
      detail: "ends_at must be in the future.",
    });
    expect(
      await refused({ starts_at: at(367 * 24 * HOUR), ends_at: at(367 * 24 * HOUR + HOUR) }),
    ).toEqual({ detail: "starts_at can be at most 366 days ahead." });
    expect((await schedule(page, { starts_at: "tomorrow" })).status).toBe(400);
    expect((await schedule(page, { component_ids: ["nope"] })).body).toEqual({
      detail: 'component_ids names "nope", which is not a component of this page.',
    });
    expect(await noticeKinds(page)).toEqual([]);
  });

  it("cancels a scheduled window when ended, and refuses changing it afterwards", async () => {
    const page = await newPage();
    const { body: window } = await schedule(page, { notify_subscribers: false });
    const ended = await call("POST", `/${page.id}/maintenances/${window.id}/end`);
    expect(ended.body.status).toBe("cancelled");
    const again = await call("POST", `/${page.id}/maintenances/${window.id}/end`);
    expect(again).toEqual({
      status: 409,
      body: { detail: "This maintenance window was cancelled." },
    });
    const changed = await call("PATCH", `/${page.id}/maintenances/${window.id}`, {
      title: "Later",
    });
    expect(changed.status).toBe(409);
  });

  it("changes a window's times and components, and lists upcoming windows before past ones", async () => {
    const page = await newPage();
    const { body: first } = await schedule(page, { title: "First" });
    const { body: second } = await schedule(page, { title: "Second" });
    const moved = await call("PATCH", `/${page.id}/maintenances/${second.id}`, {
      starts_at: at(30 * 60_000),
      component_ids: page.componentIds,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.components).toHaveLength(2);
    await call("POST", `/${page.id}/maintenances/${first.id}/end`);
    const listed = await call("GET", `/${page.id}/maintenances`);
    expect(
      listed.body.data.map((w: { title: string; status: string }) => [w.title, w.status]),
    ).toEqual([
      ["Second", "scheduled"],
      ["First", "cancelled"],
    ]);
    expect((await call("DELETE", `/${page.id}/maintenances/${first.id}`)).status).toBe(204);
    expect((await call("DELETE", `/${page.id}/maintenances/${first.id}`)).status).toBe(404);
  });

  it("announces a window's start and end once each as the ticker passes them, and ends one under way", async () => {
    const page = await newPage();
    const { body: window } = await schedule(page);
    await app.statusNotices?.tick();
    expect(await noticeKinds(page)).toEqual(["maintenance-scheduled"]);
    clock += HOUR;
    const version = await pageVersion(db().handle.db, page.id);
    await app.statusNotices?.tick();
    await app.statusNotices?.tick();
    expect(await noticeKinds(page)).toEqual(["maintenance-scheduled", "maintenance-started"]);
    expect(await pageVersion(db().handle.db, page.id)).toBeGreaterThan(version);
    const listed = await call("GET", `/${page.id}/maintenances`);
    expect(listed.body.data[0]).toMatchObject({ id: window.id, status: "in_progress" });
    const ended = await call("POST", `/${page.id}/maintenances/${window.id}/end`);
    expect(ended.body).toMatchObject({ status: "completed", ends_at: at(0) });
    clock += 1;
    await app.statusNotices?.tick();
    await app.statusNotices?.tick();
    expect(await noticeKinds(page)).toEqual([
      "maintenance-scheduled",
      "maintenance-started",
      "maintenance-completed",
    ]);
  });
});
