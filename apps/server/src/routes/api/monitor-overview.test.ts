import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

const MINUTE = 60_000;
/** Ten minutes into a half hour, so the current bar is partly over. */
const NOW = Date.UTC(2027, 0, 15, 12, 40);
const YESTERDAY = NOW - 24 * 60 * MINUTE;

interface Bar {
  start: string;
  up: number;
  down: number;
}

describeEachDatabase("the monitor overview", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let other: Awaited<ReturnType<typeof createTestAccount>>;
  let busy: string;
  let failing: string;
  let paused: string;
  let fresh: string;

  beforeAll(async () => {
    // Monitors are created a second apart, so the list order (oldest first) is known.
    const clock = { now: NOW - 30 * 24 * 60 * MINUTE };
    const tick = () => {
      clock.now += 1000;
      return clock.now;
    };
    ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: tick });
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "hobby", ctx);
    other = await createTestAccount(db(), "hobby", ctx);
    busy = (await createTestMonitor(ctx, account.accountId, "hobby")).id;
    failing = (await createTestMonitor(ctx, account.accountId, "hobby")).id;
    paused = (await createTestMonitor(ctx, account.accountId, "hobby")).id;
    fresh = (await createTestMonitor(ctx, account.accountId, "hobby")).id;
    const elsewhere = (await createTestMonitor(ctx, other.accountId, "hobby")).id;
    ctx.now = () => NOW;
    await app.inject({
      method: "POST",
      url: `/api/v1/monitors/${paused}/pause`,
      headers: account.headers,
    });
    await storeCheckBatch(ctx.db, [
      checkRecord(busy, YESTERDAY - MINUTE, true, 90), // more than 24 hours ago: not counted
      checkRecord(busy, YESTERDAY + 10 * MINUTE, false, 900), // before the first bar: not counted
      checkRecord(busy, YESTERDAY + 20 * MINUTE, true, 100), // the first bar starts here
      checkRecord(busy, NOW - 11 * MINUTE, true, 110), // the bar before the current one
      checkRecord(busy, NOW - 9 * MINUTE, false, 950),
      checkRecord(busy, NOW - MINUTE, true, 123),
      checkRecord(failing, NOW - 2 * 60 * MINUTE, true, 80),
      checkRecord(failing, NOW - 3 * MINUTE, false, 2000),
      checkRecord(paused, NOW - 5 * 60 * MINUTE, true, 70),
      checkRecord(elsewhere, NOW - MINUTE, true, 60),
    ]);
  });
  afterAll(() => app.close());

  const overview = async (headers = account.headers) => {
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/monitors/overview",
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as Array<Record<string, unknown> & { bars: Bar[] }>;
  };

  it("lists every monitor of the account with 48 half-hour bars aligned to the clock, oldest first", async () => {
    const data = await overview();
    expect(data.map((row) => row.monitor_id)).toEqual([busy, failing, paused, fresh]);
    for (const row of data) {
      expect(row.bars).toHaveLength(48);
      expect(row.bars[0]!.start).toBe("2027-01-14T13:00:00.000Z");
      expect(row.bars[46]!.start).toBe("2027-01-15T12:00:00.000Z");
      expect(row.bars[47]!.start).toBe("2027-01-15T12:30:00.000Z");
    }
  });

  it("counts up and down checks into the half hour they started in", async () => {
    const [row] = await overview();
    expect(row!.bars[0]).toEqual({ start: "2027-01-14T13:00:00.000Z", up: 1, down: 0 });
    expect(row!.bars[46]).toEqual({ start: "2027-01-15T12:00:00.000Z", up: 1, down: 0 });
    expect(row!.bars[47]).toEqual({ start: "2027-01-15T12:30:00.000Z", up: 1, down: 1 });
    const counted = row!.bars.reduce((sum, bar) => sum + bar.up + bar.down, 0);
    expect(counted).toBe(4);
  });

  it("gives the last check, its response time and the uptime of the checks in the bars", async () => {
    const [busyRow, failingRow] = await overview();
    expect(busyRow).toMatchObject({
      status: "up",
      last_checked_at: new Date(NOW - MINUTE).toISOString(),
      last_response_time_ms: 123,
      uptime_24h: 75,
    });
    expect(failingRow).toMatchObject({
      status: "down",
      last_checked_at: new Date(NOW - 3 * MINUTE).toISOString(),
      last_response_time_ms: 2000,
      uptime_24h: 50,
    });
  });

  it("shows a paused monitor as paused with its earlier checks, and a new one as pending", async () => {
    const rows = await overview();
    const pausedRow = rows.find((row) => row.monitor_id === paused)!;
    expect(pausedRow).toMatchObject({ status: "paused", uptime_24h: 100 });
    expect(pausedRow.bars.filter((bar) => bar.up > 0)).toEqual([
      { start: "2027-01-15T07:30:00.000Z", up: 1, down: 0 },
    ]);
    expect(rows.find((row) => row.monitor_id === fresh)).toMatchObject({
      status: "pending",
      last_checked_at: null,
      last_response_time_ms: null,
      uptime_24h: null,
    });
  });

  it("shows another account only its own monitors", async () => {
    const rows = await overview(other.headers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "up", uptime_24h: 100 });
  });

  it("still reads a monitor by id and answers 404 for an unknown one", async () => {
    const read = await app.inject({
      method: "GET",
      url: `/api/v1/monitors/${busy}`,
      headers: account.headers,
    });
    expect(read.json().id).toBe(busy);
    const missing = await app.inject({
      method: "GET",
      url: "/api/v1/monitors/mon_missing",
      headers: account.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("needs an API key", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/monitors/overview" });
    expect(response.statusCode).toBe(401);
  });
});
