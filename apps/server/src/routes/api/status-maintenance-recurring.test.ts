import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { type AppWithMail, startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import type { SmtpSink } from "../../../test/smtp-sink.ts";
import {
  insertConfirmedSubscriber,
  insertStatusPage,
  pageVersion,
} from "../../../test/status-incident-pages.ts";
import { readPublicPage } from "../../status-site/read-public-page.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
type Page = Awaited<ReturnType<typeof insertStatusPage>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SUNDAYS = {
  frequency: "weekly",
  weekdays: ["sunday"],
  start_time: "02:00",
  duration_minutes: 120,
  starts_on: "2026-12-01",
};

describeEachDatabase("recurring maintenance on a status page", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let started: AppWithMail;
  let account: Account;
  let clock = Date.parse("2026-12-01T00:00:00Z");

  beforeAll(async () => {
    started = await startAppWithMail(db(), () => clock, { API_URL: "https://api.upwatch.example" });
    ({ app, smtp } = started);
    account = await createTestAccount(db(), "business", started.ctx);
    await db()
      .handle.db.updateTable("accounts")
      .set({ time_zone: "Europe/Berlin" })
      .where("id", "=", account.accountId)
      .execute();
  });
  afterAll(async () => {
    await started.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    clock = Date.parse("2026-12-01T00:00:00Z");
  });

  const call = async (method: string, url: string, payload?: unknown) => {
    clock += 1;
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1/status-pages${url}`,
      headers: account.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const subscribedPage = async () => {
    const page = await insertStatusPage(db().handle.db, account.accountId, ["API"]);
    await insertConfirmedSubscriber(db().handle.db, page.id, "watcher@example.com", clock - 60_000);
    return page;
  };
  const schedule = async (page: Page, extra: Record<string, unknown> = {}) => {
    const created = await call("POST", `/${page.id}/maintenances`, {
      title: "Sunday patching",
      message: "Short interruptions while servers restart.",
      recurrence: SUNDAYS,
      component_ids: page.componentIds,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body;
  };
  const mailed = async () => {
    await app.statusNotices?.tick();
    await app.statusNotices?.fanOut();
    await app.outbox.drain();
    return smtp.received.splice(0);
  };
  const publicMaintenances = async (page: Page) => {
    const row = await db()
      .handle.db.selectFrom("status_pages")
      .selectAll()
      .where("id", "=", page.id)
      .executeTakeFirstOrThrow();
    const model = await readPublicPage(db().handle.db, row, clock);
    return {
      state: model.sections[0]?.components[0]?.state,
      windows: model.maintenances.map((w) => [
        w.status,
        new Date(w.startsAt).toISOString(),
        new Date(w.endsAt).toISOString(),
      ]),
    };
  };

  it("announces the series once with its rule, then mails nothing at its occurrences while the page follows them", async () => {
    const page = await subscribedPage();
    const window = await schedule(page);
    expect(window).toMatchObject({
      status: "scheduled",
      ends_at: null,
      recurrence_text: "Every Sunday at 02:00 Europe/Berlin time for 2 hours, from 2026-12-01",
    });
    const [announcement, ...more] = await mailed();
    expect(more).toEqual([]);
    expect(announcement?.subject).toBe(`[${page.name}] Scheduled maintenance: Sunday patching`);
    expect(announcement?.text).toContain(
      "Next window: 2026-12-06 01:00 UTC to 2026-12-06 03:00 UTC",
    );
    expect(announcement?.text).toContain(
      "Repeats: Every Sunday at 02:00 Europe/Berlin time for 2 hours, from 2026-12-01",
    );

    expect(await publicMaintenances(page)).toEqual({
      state: "operational",
      windows: [["scheduled", "2026-12-06T01:00:00.000Z", "2026-12-06T03:00:00.000Z"]],
    });

    const before = await pageVersion(db().handle.db, page.id);
    clock = Date.parse("2026-12-06T01:30:00Z");
    expect(await mailed()).toEqual([]);
    expect(await pageVersion(db().handle.db, page.id)).toBeGreaterThan(before);
    expect(await publicMaintenances(page)).toEqual({
      state: "maintenance",
      windows: [
        ["in_progress", "2026-12-06T01:00:00.000Z", "2026-12-06T03:00:00.000Z"],
        ["scheduled", "2026-12-13T01:00:00.000Z", "2026-12-13T03:00:00.000Z"],
      ],
    });
    const listed = (await call("GET", `/${page.id}/maintenances`)).body.data[0];
    expect(listed).toMatchObject({ id: window.id, status: "in_progress" });

    clock = Date.parse("2026-12-06T03:00:00Z");
    expect(await mailed()).toEqual([]);
    expect((await publicMaintenances(page)).windows).toEqual([
      ["scheduled", "2026-12-13T01:00:00.000Z", "2026-12-13T03:00:00.000Z"],
    ]);
  });

  it("skips one Sunday without mail, the page showing the Sunday after, and mails the series' cancellation", async () => {
    const page = await subscribedPage();
    const window = await schedule(page);
    await mailed();
    const skipped = await call("POST", `/${page.id}/maintenances/${window.id}/skips`, {
      occurrence_starts_at: "2026-12-06T01:00:00.000Z",
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body.next_occurrences[0]).toEqual({
      starts_at: "2026-12-13T01:00:00.000Z",
      ends_at: "2026-12-13T03:00:00.000Z",
    });
    expect(await mailed()).toEqual([]);
    expect((await publicMaintenances(page)).windows).toEqual([
      ["scheduled", "2026-12-13T01:00:00.000Z", "2026-12-13T03:00:00.000Z"],
    ]);

    const ended = await call("POST", `/${page.id}/maintenances/${window.id}/end`);
    expect(ended.body.status).toBe("cancelled");
    const [cancellation] = await mailed();
    expect(cancellation?.subject).toBe(`[${page.name}] Cancelled: Sunday patching`);
    expect(cancellation?.text).toContain(
      "Cancelled: the recurring window (Every Sunday at 02:00 Europe/Berlin time for 2 hours, from 2026-12-01) will not take place any more.",
    );
  });

  it("refuses a rule mixed with one window's times, and one window's times on a series", async () => {
    const page = await subscribedPage();
    const mixed = await call("POST", `/${page.id}/maintenances`, {
      title: "Both",
      message: "",
      starts_at: "2026-12-02T00:00:00Z",
      ends_at: "2026-12-02T01:00:00Z",
      recurrence: SUNDAYS,
      component_ids: page.componentIds,
    });
    expect(mixed).toEqual({
      status: 400,
      body: {
        detail:
          "Send either starts_at and ends_at for one window, or recurrence for a recurring one, not both.",
      },
    });
    const window = await schedule(page, { notify_subscribers: false });
    const moved = await call("PATCH", `/${page.id}/maintenances/${window.id}`, {
      ends_at: "2026-12-02T01:00:00Z",
    });
    expect(moved.status).toBe(400);
    expect(moved.body.detail).toMatch(/^This window recurs: change recurrence/);
  });

  it("applies a changed rule from now on, keeping the Sundays that passed as a past window", async () => {
    const page = await subscribedPage();
    const window = await schedule(page, { notify_subscribers: false });
    clock += 10 * DAY;
    const changed = await call("PATCH", `/${page.id}/maintenances/${window.id}`, {
      recurrence: { ...SUNDAYS, weekdays: ["saturday"], starts_on: "2026-12-11" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.next_occurrences[0].starts_at).toBe("2026-12-12T01:00:00.000Z");
    const list = (await call("GET", `/${page.id}/maintenances`)).body.data;
    expect(list.map((w: { status: string; starts_at: string }) => [w.status, w.starts_at])).toEqual(
      [
        ["scheduled", "2026-12-12T01:00:00.000Z"],
        ["completed", "2026-12-06T01:00:00.000Z"],
      ],
    );
  });
});
