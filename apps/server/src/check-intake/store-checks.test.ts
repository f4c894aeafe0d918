import { expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../test/monitors.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { pruneCheckHistory } from "../engine/prune-results.ts";
import { createServiceContext } from "../services/context.ts";
import { storeCheckBatch, storeChecks } from "./store-checks.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);

describeEachDatabase("storing check results", (db) => {
  it("writes raw rows, adds to half-hourly, hourly and daily rollups, and saves the latest health", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const account = await createTestAccount(db(), "hobby", ctx);
    const monitor = await createTestMonitor(ctx, account.accountId, "hobby");
    await storeCheckBatch(ctx.db, [
      checkRecord(monitor.id, T0 + 1000, true, 100),
      checkRecord(monitor.id, T0 + 61_000, true, 300),
    ]);
    await storeCheckBatch(ctx.db, [checkRecord(monitor.id, T0 + HOUR + 5, false, 900)]);

    const rows = await ctx.db
      .selectFrom("check_results")
      .selectAll()
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(rows).toHaveLength(3);
    const rollups = await ctx.db
      .selectFrom("check_rollups")
      .selectAll()
      .where("monitor_id", "=", monitor.id)
      .orderBy("bucket_seconds")
      .orderBy("period_start")
      .execute();
    expect(
      rollups.map((r) => [r.bucket_seconds, r.period_start, r.checks, r.up_checks, r.response_sum]),
    ).toEqual([
      [1800, T0, 2, 2, 400],
      [1800, T0 + HOUR, 1, 0, 900],
      [3600, T0, 2, 2, 400],
      [3600, T0 + HOUR, 1, 0, 900],
      [86400, T0, 3, 2, 1300],
    ]);
    const daily = rollups[4]!;
    expect([daily.dns_count, daily.dns_sum, daily.tls_sum]).toEqual([3, 6, 24]);
    const saved = await ctx.db
      .selectFrom("monitors")
      .selectAll()
      .where("id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect([saved.state, saved.consecutive_failures, saved.last_checked_at]).toEqual([
      "down",
      3,
      T0 + HOUR + 5,
    ]);
  });

  it("stores a repeated check once: no second row, rollup or health change, and reports it as a duplicate", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const account = await createTestAccount(db(), "hobby", ctx);
    const monitor = await createTestMonitor(ctx, account.accountId, "hobby");
    const first = { ...checkRecord(monitor.id, T0 + 1000, true, 100), plannedAt: T0 };
    const again = { ...checkRecord(monitor.id, T0 + 1500, false, 100), plannedAt: T0 };
    const seen: number[] = [];
    const hook = async (_trx: unknown, records: readonly unknown[]) => seen.push(records.length);
    expect(await storeChecks(ctx.db, { records: [first] }, hook)).toEqual({
      stored: 1,
      duplicates: 0,
      missed: 0,
    });
    expect(await storeChecks(ctx.db, { records: [again] }, hook)).toEqual({
      stored: 0,
      duplicates: 1,
      missed: 0,
    });
    expect(seen).toEqual([1]);
    const rows = await ctx.db
      .selectFrom("check_results")
      .select(["up", "region"])
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(rows).toEqual([{ up: 1, region: "us-west-1" }]);
    const regional = await ctx.db
      .selectFrom("check_region_rollups")
      .select(["checks", "up_checks", "bucket_seconds"])
      .where("monitor_id", "=", monitor.id)
      .orderBy("bucket_seconds")
      .execute();
    expect(regional.map((row) => [row.bucket_seconds, Number(row.checks)])).toEqual([
      [1800, 1],
      [3600, 1],
      [86_400, 1],
    ]);
    const saved = await ctx.db
      .selectFrom("monitors")
      .select("state")
      .where("id", "=", monitor.id)
      .executeTakeFirstOrThrow();
    expect(saved.state).toBe("up");
  });

  it("records missed checks once each and counts them in the region's rollups", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const account = await createTestAccount(db(), "hobby", ctx);
    const monitor = await createTestMonitor(ctx, account.accountId, "hobby");
    const missed = [
      { monitorId: monitor.id, region: "eu-west-1", plannedAt: T0, reason: "no-runner" as const },
      {
        monitorId: monitor.id,
        region: "eu-west-1",
        plannedAt: T0 + 60_000,
        reason: "no-result" as const,
      },
    ];
    expect((await storeChecks(ctx.db, { records: [], missed })).missed).toBe(2);
    expect((await storeChecks(ctx.db, { records: [], missed })).missed).toBe(0);
    const rollup = await ctx.db
      .selectFrom("check_region_rollups")
      .select(["missed", "checks"])
      .where("monitor_id", "=", monitor.id)
      .where("region", "=", "eu-west-1")
      .where("bucket_seconds", "=", 86_400)
      .executeTakeFirstOrThrow();
    expect([Number(rollup.missed), Number(rollup.checks)]).toEqual([2, 0]);
  });

  it("prunes missed checks and region rollups like raw results and rollups", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const free = await createTestAccount(db(), "free", ctx);
    const monitor = await createTestMonitor(ctx, free.accountId, "free");
    const now = T0 + 1000 * DAY;
    const at = (daysAgo: number) => now - daysAgo * DAY;
    const miss = (plannedAt: number) => ({
      monitorId: monitor.id,
      region: "eu-west-1",
      plannedAt,
      reason: "no-runner" as const,
    });
    await storeChecks(ctx.db, {
      records: [
        checkRecord(monitor.id, at(31), true, 10),
        checkRecord(monitor.id, at(29), true, 10),
      ],
      missed: [miss(at(31)), miss(at(29))],
    });
    const counts = await pruneCheckHistory(ctx.db, now);
    expect(counts.missed).toBeGreaterThanOrEqual(1);
    const missed = await ctx.db
      .selectFrom("missed_checks")
      .select("planned_at")
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(missed.map((row) => Number(row.planned_at))).toEqual([at(29)]);
    const hourly = await ctx.db
      .selectFrom("check_region_rollups")
      .select(["region", "period_start"])
      .where("monitor_id", "=", monitor.id)
      .where("bucket_seconds", "=", 3600)
      .orderBy("region")
      .execute();
    const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;
    expect(hourly.map((row) => [row.region, Number(row.period_start)])).toEqual([
      ["eu-west-1", hourOf(at(29))],
      ["us-west-1", hourOf(at(29))],
    ]);
  });

  it("drops results of a monitor deleted while its check ran", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const stored = await storeCheckBatch(ctx.db, [checkRecord("mon_gone", T0, true, 10)]);
    expect(stored).toBe(0);
  });

  it("prunes raw results and hourly rollups by the plan's history, half-hour rollups after two days, daily rollups after two years", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const free = await createTestAccount(db(), "free", ctx);
    const hobby = await createTestAccount(db(), "hobby", ctx);
    const freeMonitor = await createTestMonitor(ctx, free.accountId, "free");
    const hobbyMonitor = await createTestMonitor(ctx, hobby.accountId, "hobby");
    const now = T0 + 1000 * DAY;
    const at = (daysAgo: number) => now - daysAgo * DAY;
    await storeCheckBatch(ctx.db, [
      checkRecord(freeMonitor.id, at(31), true, 10),
      checkRecord(freeMonitor.id, at(29), true, 10),
      checkRecord(hobbyMonitor.id, at(850), true, 10),
      checkRecord(hobbyMonitor.id, at(91), true, 10),
      checkRecord(hobbyMonitor.id, at(89), true, 10),
    ]);
    const counts = await pruneCheckHistory(ctx.db, now);
    expect(counts.results).toBeGreaterThanOrEqual(3);
    const rollups = await ctx.db
      .selectFrom("check_rollups")
      .select(["bucket_seconds", "period_start"])
      .where("monitor_id", "in", [freeMonitor.id, hobbyMonitor.id])
      .execute();
    const periodsOf = (bucket: number) =>
      rollups
        .filter((row) => row.bucket_seconds === bucket)
        .map((row) => row.period_start)
        .sort((a, b) => a - b);
    const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;
    const dayOf = (time: number) => Math.floor(time / DAY) * DAY;
    expect(periodsOf(1800)).toEqual([]);
    expect(periodsOf(3600)).toEqual([hourOf(at(89)), hourOf(at(29))]);
    expect(periodsOf(86_400)).toEqual([dayOf(at(91)), dayOf(at(89)), dayOf(at(31)), dayOf(at(29))]);
    const left = await ctx.db
      .selectFrom("check_results")
      .select(["monitor_id", "checked_at"])
      .where("monitor_id", "in", [freeMonitor.id, hobbyMonitor.id])
      .orderBy("checked_at")
      .execute();
    expect(left.map((row) => row.checked_at)).toEqual([at(89), at(29)].sort((a, b) => a - b));
  });
});
