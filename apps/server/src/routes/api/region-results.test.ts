import { histogramBucket, type Region } from "@upwatch/core";
import { ROLLUP_HISTOGRAM_COLUMNS } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";

const HOUR = 3_600_000;
const HALF_HOUR = 1_800_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 21, 12, 10);

describeEachDatabase("results per region", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let hobby: Awaited<ReturnType<typeof createTestAccount>>;
  let monitorId: string;

  /** A region rollup of `checks` checks, `up` of them up, each taking one of `responses`. */
  const rollup = async (
    region: Region,
    bucketSeconds: number,
    periodStart: number,
    figures: { up: number; down: number; missed?: number; responseMs: number },
  ) => {
    const checks = figures.up + figures.down;
    const histogram = Object.fromEntries(ROLLUP_HISTOGRAM_COLUMNS.map((column) => [column, 0]));
    histogram[ROLLUP_HISTOGRAM_COLUMNS[histogramBucket(figures.responseMs)]!] = checks;
    await ctx.db
      .insertInto("check_region_rollups")
      .values({
        monitor_id: monitorId,
        region,
        bucket_seconds: bucketSeconds,
        period_start: periodStart,
        checks,
        up_checks: figures.up,
        missed: figures.missed ?? 0,
        response_sum: checks * figures.responseMs,
        response_count: checks,
        ...histogram,
      })
      .execute();
  };

  beforeAll(async () => {
    ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      now: () => NOW,
      newId: randomId,
    };
    app = await buildTestApp(db(), { ctx });
    hobby = await createTestAccount(db(), "hobby", ctx);
    await ctx.db
      .insertInto("runners")
      .values({
        id: "run_aaaaaaaaaaaaaaaa",
        name: "dublin",
        region: "eu-west-1",
        token_hash: "0".repeat(64),
        created_at: NOW - DAY,
        revoked_at: null,
        last_seen_at: NOW,
        version: "1.0.0",
      })
      .execute();
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: hobby.headers,
      payload: {
        type: "http",
        name: "Shop",
        target: "https://example.com/",
        regions: ["us-west-1", "eu-west-1"],
      },
    });
    monitorId = created.json().id;
    const halfHour = Math.floor(NOW / HALF_HOUR) * HALF_HOUR;
    await rollup("us-west-1", 1800, halfHour, { up: 6, down: 0, responseMs: 40 });
    await rollup("us-west-1", 1800, halfHour - HALF_HOUR, { up: 5, down: 1, responseMs: 60 });
    await rollup("eu-west-1", 1800, halfHour, { up: 3, down: 1, missed: 2, responseMs: 180 });
    // Older than a day: outside the 24-hour figures.
    await rollup("eu-west-1", 1800, halfHour - 2 * DAY, { up: 0, down: 9, responseMs: 900 });
    const hour = Math.floor(NOW / HOUR) * HOUR;
    await rollup("us-west-1", 3600, hour, { up: 12, down: 0, responseMs: 40 });
    await rollup("eu-west-1", 3600, hour - 3 * HOUR, {
      up: 10,
      down: 2,
      missed: 1,
      responseMs: 400,
    });
    await rollup("eu-west-1", 86_400, Math.floor(NOW / DAY) * DAY - 40 * DAY, {
      up: 100,
      down: 0,
      responseMs: 120,
    });
  });
  afterAll(() => app.close());

  const get = (url: string) =>
    app.inject({ method: "GET", url: `/api/v1${url}`, headers: hobby.headers });

  it("answers the stats of each region beside the monitor's figures", async () => {
    const response = await get(`/monitors/${monitorId}/stats`);
    expect(response.statusCode).toBe(200);
    expect(response.json().regions).toEqual([
      {
        region: "us-west-1",
        uptime_percent: 91.667,
        checks: 12,
        missed: 0,
        avg_response_ms: 50,
        p50_response_ms: expect.any(Number),
        p95_response_ms: expect.any(Number),
      },
      {
        region: "eu-west-1",
        uptime_percent: 75,
        checks: 4,
        missed: 2,
        avg_response_ms: 180,
        p50_response_ms: 175,
        p95_response_ms: 198,
      },
    ]);
    const [california] = response.json().regions;
    expect(california.p50_response_ms).toBeGreaterThanOrEqual(25);
    expect(california.p95_response_ms).toBeLessThanOrEqual(100);
  });

  it("answers a week per region from hourly figures", async () => {
    const week = (await get(`/monitors/${monitorId}/stats?range=7d`)).json();
    expect(week.regions).toMatchObject([
      { region: "us-west-1", checks: 12, missed: 0, uptime_percent: 100 },
      { region: "eu-west-1", checks: 12, missed: 1, avg_response_ms: 400 },
    ]);
  });

  it("draws each region's response time in half hours for a day and hours for a week", async () => {
    const day = await get(`/monitors/${monitorId}/region-latency?period=24h`);
    expect(day.statusCode).toBe(200);
    const halfHour = Math.floor(NOW / HALF_HOUR) * HALF_HOUR;
    expect(day.json()).toEqual({
      period: "24h",
      bucket_seconds: 1800,
      regions: [
        {
          region: "us-west-1",
          points: [
            {
              t: halfHour - HALF_HOUR,
              avg_ms: 60,
              p95_ms: expect.any(Number),
              uptime_percent: 83.333,
              checks: 6,
              missed: 0,
            },
            {
              t: halfHour,
              avg_ms: 40,
              p95_ms: expect.any(Number),
              uptime_percent: 100,
              checks: 6,
              missed: 0,
            },
          ],
        },
        {
          region: "eu-west-1",
          points: [
            { t: halfHour, avg_ms: 180, p95_ms: 198, uptime_percent: 75, checks: 4, missed: 2 },
          ],
        },
      ],
    });
    const week = (await get(`/monitors/${monitorId}/region-latency?period=7d`)).json();
    expect(week.bucket_seconds).toBe(3600);
    expect(week.regions.map((r: { points: unknown[] }) => r.points.length)).toEqual([1, 1]);
  });

  it("reads 30 and 90 days from daily figures", async () => {
    const month = (await get(`/monitors/${monitorId}/region-latency?period=30d`)).json();
    expect(month.bucket_seconds).toBe(86_400);
    expect(month.regions).toEqual([
      { region: "us-west-1", points: [] },
      { region: "eu-west-1", points: [] },
    ]);
    const quarter = (await get(`/monitors/${monitorId}/region-latency?period=90d`)).json();
    expect(quarter.regions[1].points).toHaveLength(1);
    expect(quarter.regions[1].points[0]).toMatchObject({ checks: 100, uptime_percent: 100 });
  });

  it("refuses an unknown period and another account's monitor", async () => {
    const period = await get(`/monitors/${monitorId}/region-latency?period=1y`);
    expect(period.statusCode).toBe(400);
    expect(period.json()).toEqual({ detail: "period must be one of 24h, 7d, 30d, 90d." });
    const other = await createTestAccount(db(), "hobby", ctx);
    const response = await app.inject({
      method: "GET",
      url: `/api/v1/monitors/${monitorId}/region-latency`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it("lists each region's check of a round with its region and planned time", async () => {
    const planned = NOW - 60_000;
    await storeCheckBatch(ctx.db, [
      { ...checkRecord(monitorId, planned + 40, true, 50), plannedAt: planned },
      {
        ...checkRecord(monitorId, planned + 90, false, 900),
        plannedAt: planned,
        region: "eu-west-1",
      },
    ]);
    const checks = (await get(`/monitors/${monitorId}/checks`)).json().data;
    expect(
      checks.map((check: { id: string; region: string; planned_at: string; status: string }) => ({
        id: check.id,
        region: check.region,
        planned_at: check.planned_at,
        status: check.status,
      })),
    ).toEqual([
      {
        id: `chk_${(planned + 90).toString(36)}_eu-west-1`,
        region: "eu-west-1",
        planned_at: new Date(planned).toISOString(),
        status: "down",
      },
      {
        id: `chk_${(planned + 40).toString(36)}_us-west-1`,
        region: "us-west-1",
        planned_at: new Date(planned).toISOString(),
        status: "up",
      },
    ]);
  });

  it("lists each monitor's regions in the overview", async () => {
    const overview = (await get("/monitors/overview")).json().data;
    expect(
      overview.find((m: { monitor_id: string }) => m.monitor_id === monitorId).regions,
    ).toEqual(["us-west-1", "eu-west-1"]);
  });
});
