import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 21, 12, 30);

describeEachDatabase("the checks and stats API", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let hobby: Awaited<ReturnType<typeof createTestAccount>>;
  let free: Awaited<ReturnType<typeof createTestAccount>>;
  let monitorId: string;
  let freeMonitorId: string;

  beforeAll(async () => {
    ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      now: () => NOW,
      newId: randomId,
    };
    app = await buildTestApp(db(), { ctx });
    hobby = await createTestAccount(db(), "hobby", ctx);
    free = await createTestAccount(db(), "free", ctx);
    monitorId = (await createTestMonitor(ctx, hobby.accountId, "hobby")).id;
    freeMonitorId = (await createTestMonitor(ctx, free.accountId, "free")).id;
    // Last 24 hours: one check a minute for 2 hours, every 10th down; plus older checks.
    const records = [];
    for (let minute = 0; minute < 120; minute++) {
      records.push(checkRecord(monitorId, NOW - minute * 60_000, minute % 10 !== 0, 100 + minute));
    }
    for (let day = 2; day <= 6; day++)
      records.push(checkRecord(monitorId, NOW - day * 24 * HOUR, true, 200));
    records.push(checkRecord(monitorId, NOW - 20 * 24 * HOUR, false, 5000));
    records.push(checkRecord(freeMonitorId, NOW - 60_000, true, 50));
    await storeCheckBatch(ctx.db, records);
  });
  afterAll(() => app.close());

  const get = (url: string, headers = hobby.headers) =>
    app.inject({ method: "GET", url: `/api/v1${url}`, headers });

  it("pages through recent checks, newest first", async () => {
    const first = (await get(`/monitors/${monitorId}/checks?limit=50`)).json();
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toMatchObject({
      id: `chk_${NOW.toString(36)}_us-west-1`,
      checked_at: new Date(NOW).toISOString(),
      status: "down",
      response_time_ms: 100,
      status_code: 503,
      region: "us-west-1",
      timings: { dns_ms: 2, connect_ms: 4, tls_ms: 8, first_byte_ms: 80 },
    });
    expect(first.next_before).toBe(NOW - 49 * 60_000);
    const second = (
      await get(`/monitors/${monitorId}/checks?limit=100&before=${first.next_before}`)
    ).json();
    expect(second.data).toHaveLength(76);
    expect(second.next_before).toBeNull();
    const times = [...first.data, ...second.data].map(
      (check: { checked_at: string }) => check.checked_at,
    );
    expect(new Set(times).size).toBe(126);
  });

  it("defaults to 50 checks and refuses a bad page size or cursor", async () => {
    expect((await get(`/monitors/${monitorId}/checks`)).json().data).toHaveLength(50);
    const big = await get(`/monitors/${monitorId}/checks?limit=500`);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ detail: "limit must be a whole number from 1 to 100." });
    const cursor = await get(`/monitors/${monitorId}/checks?before=yesterday`);
    expect(cursor.json()).toEqual({
      detail: "before must be the next_before value of the previous page.",
    });
  });

  it("gives uptime, average and p95 response time and phases for the last 24 hours", async () => {
    const stats = (await get(`/monitors/${monitorId}/stats?range=24h`)).json();
    expect(stats).toMatchObject({
      range: "24h",
      source: "raw",
      checks: 120,
      up_checks: 108,
      uptime_percent: 90,
      response_time: { average_ms: 159.5, p95_ms: 213 },
      phases: { dns_ms: 2, connect_ms: 4, tls_ms: 8, first_byte_ms: 139.5 },
    });
    expect(stats.to).toBe(new Date(NOW).toISOString());
  });

  it("reads 7 and 30 days from hourly and daily rollups", async () => {
    const week = (await get(`/monitors/${monitorId}/stats?range=7d`)).json();
    expect(week).toMatchObject({ source: "hourly", checks: 125, up_checks: 113 });
    expect(week.response_time.p95_ms).toBeGreaterThanOrEqual(200);
    expect(week.response_time.p95_ms).toBeLessThanOrEqual(300);
    const month = (await get(`/monitors/${monitorId}/stats?range=30d`)).json();
    expect(month).toMatchObject({ source: "daily", checks: 126, up_checks: 113 });
  });

  it("defaults to 24 hours and refuses an unknown range", async () => {
    expect((await get(`/monitors/${monitorId}/stats`)).json().range).toBe("24h");
    const bad = await get(`/monitors/${monitorId}/stats?range=1y`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: "range must be one of 24h, 7d, 30d." });
  });

  it("leaves out per-phase timing on the Free plan", async () => {
    const checks = (await get(`/monitors/${freeMonitorId}/checks`, free.headers)).json();
    expect(checks.data[0].timings).toBeNull();
    const stats = (await get(`/monitors/${freeMonitorId}/stats`, free.headers)).json();
    expect(stats).toMatchObject({ checks: 1, uptime_percent: 100, phases: null });
  });

  it("has no figures for a monitor without checks", async () => {
    const fresh = await createTestMonitor(ctx, hobby.accountId, "hobby");
    const stats = (await get(`/monitors/${fresh.id}/stats`)).json();
    expect(stats).toMatchObject({
      checks: 0,
      uptime_percent: null,
      response_time: { average_ms: null, p95_ms: null },
    });
  });
});
