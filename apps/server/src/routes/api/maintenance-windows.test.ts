import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEKLY = {
  frequency: "weekly",
  weekdays: ["sunday", "wednesday"],
  start_time: "02:00",
  duration_minutes: 120,
  starts_on: "2026-12-01",
};

describeEachDatabase("maintenance windows of monitors and groups in the API", (db) => {
  let app: FastifyInstance;
  let account: Account;
  let other: Account;
  let monitorId: string;
  let groupId: string;
  let clock = Date.parse("2026-12-01T00:00:00Z");

  beforeAll(async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "business", ctx);
    other = await createTestAccount(db(), "business", ctx);
    await db()
      .handle.db.updateTable("accounts")
      .set({ time_zone: "Europe/Berlin" })
      .where("id", "=", account.accountId)
      .execute();
    monitorId = (
      await call("POST", "/monitors", {
        type: "http",
        name: "Checkout API",
        target: "https://example.com/",
      })
    ).body.id;
    groupId = (await call("POST", "/groups", { name: "Databases", monitor_ids: [] })).body.id;
  });
  afterAll(() => app.close());

  async function call(method: string, url: string, payload?: unknown, as: Account = account) {
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1${url}`,
      headers: as.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }
  const schedule = (extra: Record<string, unknown> = {}) =>
    call("POST", "/maintenance-windows", {
      title: "Weekly patching",
      monitor_ids: [monitorId],
      group_ids: [groupId],
      recurrence: WEEKLY,
      ...extra,
    });

  it("schedules a weekly window of a monitor and a group, read on Berlin's wall clock, with its next occurrences", async () => {
    const created = await schedule({ note: "Kernel updates; reboots expected." });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Weekly patching",
      note: "Kernel updates; reboots expected.",
      monitors: [{ id: monitorId, name: "Checkout API" }],
      groups: [{ id: groupId, name: "Databases" }],
      status: "scheduled",
      starts_at: "2026-12-02T01:00:00.000Z",
      ends_at: null,
      time_zone: "Europe/Berlin",
      recurrence: WEEKLY,
      recurrence_text:
        "Every Wednesday and Sunday at 02:00 Europe/Berlin time for 2 hours, from 2026-12-01",
      skipped: [],
    });
    expect(created.body.next_occurrences.slice(0, 3)).toEqual([
      { starts_at: "2026-12-02T01:00:00.000Z", ends_at: "2026-12-02T03:00:00.000Z" },
      { starts_at: "2026-12-06T01:00:00.000Z", ends_at: "2026-12-06T03:00:00.000Z" },
      { starts_at: "2026-12-09T01:00:00.000Z", ends_at: "2026-12-09T03:00:00.000Z" },
    ]);
    expect((await call("GET", `/maintenance-windows/${created.body.id}`)).body).toEqual(
      created.body,
    );
    expect(
      (await call("GET", `/maintenance-windows/${created.body.id}`, undefined, other)).status,
    ).toBe(404);
  });

  it("refuses bad windows with a sentence and stores none of them", async () => {
    const before = (await call("GET", "/maintenance-windows")).body.data.length;
    const refusals: [Record<string, unknown>, string][] = [
      [
        { monitor_ids: [], group_ids: [] },
        "Choose at least one monitor (monitor_ids) or group (group_ids) for the window to cover.",
      ],
      [
        {
          starts_at: new Date(clock + HOUR).toISOString(),
          ends_at: new Date(clock + 2 * HOUR).toISOString(),
        },
        "Send either starts_at and ends_at for one window, or recurrence for a recurring one, not both.",
      ],
      [
        { recurrence: { ...WEEKLY, weekdays: [] } },
        'A weekly window needs at least one weekday in recurrence.weekdays, such as ["sunday"].',
      ],
      [
        {
          recurrence: {
            ...WEEKLY,
            frequency: "daily",
            weekdays: undefined,
            duration_minutes: 2000,
          },
        },
        "A daily window can last at most 24 hours (1440 minutes).",
      ],
      [
        { recurrence: { ...WEEKLY, start_time: "2am" } },
        "recurrence.start_time must be a time from 00:00 to 23:59, as HH:MM.",
      ],
      [
        { recurrence: { ...WEEKLY, starts_on: "2026-11-01", ends_on: "2026-11-20" } },
        "The rule has no occurrence still to come: choose a later recurrence.ends_on, or other days.",
      ],
      [
        { monitor_ids: ["mon_nothere"] },
        "monitor_ids: there is no monitor mon_nothere in this account.",
      ],
      [{ title: "" }, "title cannot be empty."],
    ];
    for (const [extra, detail] of refusals) {
      const refused = await schedule(extra);
      expect({ status: refused.status, detail: refused.body.detail }).toEqual({
        status: 400,
        detail,
      });
    }
    const once = await call("POST", "/maintenance-windows", {
      title: "Too late",
      monitor_ids: [monitorId],
      starts_at: new Date(clock - 2 * HOUR).toISOString(),
      ends_at: new Date(clock - HOUR).toISOString(),
    });
    expect(once).toEqual({ status: 400, body: { detail: "ends_at must be in the future." } });
    expect((await call("GET", "/maintenance-windows")).body.data).toHaveLength(before);
  });

  it("skips one coming occurrence, and refuses times that are not a coming occurrence", async () => {
    const created = (await schedule()).body;
    const [, second, third] = created.next_occurrences;
    const skipped = await call("POST", `/maintenance-windows/${created.id}/skips`, {
      occurrence_starts_at: second.starts_at,
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body.skipped).toEqual([second.starts_at]);
    expect(skipped.body.next_occurrences[1]).toEqual(third);

    const notOne = await call("POST", `/maintenance-windows/${created.id}/skips`, {
      occurrence_starts_at: "2026-12-02T05:00:00Z",
    });
    expect(notOne).toEqual({
      status: 400,
      body: {
        detail:
          "occurrence_starts_at is not the start of an occurrence of this window; use a time from next_occurrences.",
      },
    });
    const saved = clock;
    clock = Date.parse(created.next_occurrences[0].starts_at) + HOUR;
    const begun = await call("POST", `/maintenance-windows/${created.id}/skips`, {
      occurrence_starts_at: created.next_occurrences[0].starts_at,
    });
    expect(begun.status).toBe(409);
    expect(begun.body.detail).toBe(
      "That occurrence has already begun; only coming occurrences can be skipped.",
    );
    expect((await call("GET", `/maintenance-windows/${created.id}`)).body.status).toBe(
      "in_progress",
    );
    clock = saved;
  });

  it("applies a new rule from now on and keeps the occurrences so far as a past window", async () => {
    const saved = clock;
    const created = (await schedule({ title: "Old patching" })).body;
    clock += 8 * DAY;
    const changed = await call("PATCH", `/maintenance-windows/${created.id}`, {
      recurrence: {
        frequency: "monthly",
        month_week: "first",
        month_weekday: "sunday",
        start_time: "03:00",
        duration_minutes: 60,
        starts_on: "2026-12-09",
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: created.id,
      recurrence_text:
        "Every month on the first Sunday at 03:00 Europe/Berlin time for 1 hour, from 2026-12-09",
      next_occurrences: expect.arrayContaining([
        { starts_at: "2027-01-03T02:00:00.000Z", ends_at: "2027-01-03T03:00:00.000Z" },
      ]),
    });
    const list = (await call("GET", "/maintenance-windows")).body.data;
    const past = list.find(
      (item: { title: string; id: string }) =>
        item.title === "Old patching" && item.id !== created.id,
    );
    expect(past).toMatchObject({
      status: "completed",
      starts_at: "2026-12-02T01:00:00.000Z",
      ends_at: new Date(clock).toISOString(),
      recurrence: WEEKLY,
      monitors: [{ id: monitorId, name: "Checkout API" }],
    });
    expect(list.indexOf(past)).toBeGreaterThan(
      list.findIndex((item: { id: string }) => item.id === created.id),
    );
    clock = saved;
  });

  it("runs a one-off window, then deletes it; another account can neither see nor delete it", async () => {
    const created = await call("POST", "/maintenance-windows", {
      title: "Storage migration",
      monitor_ids: [monitorId],
      starts_at: new Date(clock - HOUR).toISOString(),
      ends_at: new Date(clock + HOUR).toISOString(),
    });
    expect(created.body).toMatchObject({
      status: "in_progress",
      recurrence: null,
      recurrence_text: null,
      next_occurrences: [
        {
          starts_at: new Date(clock - HOUR).toISOString(),
          ends_at: new Date(clock + HOUR).toISOString(),
        },
      ],
    });
    expect(
      (await call("DELETE", `/maintenance-windows/${created.body.id}`, undefined, other)).status,
    ).toBe(404);
    expect((await call("DELETE", `/maintenance-windows/${created.body.id}`)).status).toBe(204);
    expect((await call("GET", `/maintenance-windows/${created.body.id}`)).status).toBe(404);
  });
});
