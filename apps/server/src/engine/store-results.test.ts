import { expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../test/monitors.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { createServiceContext } from "../services/context.ts";
import { pruneCheckHistory } from "./prune-results.ts";
import { storeCheckBatch } from "./store-results.ts";

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
