import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { pruneCheckHistory } from "../../engine/prune-results.ts";
import { createServiceContext } from "../context.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2030, 0, 1);

describeEachDatabase("pruning by each account's own history length", (db) => {
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS);
  const storedDaysAgo = async (monitorId: string) => {
    const rows = await ctx()
      .db.selectFrom("check_results")
      .select("checked_at")
      .where("monitor_id", "=", monitorId)
      .orderBy("checked_at")
      .execute();
    return rows.map((row) => Math.round((NOW - Number(row.checked_at)) / DAY));
  };
  const dailyDaysAgo = async (monitorId: string) => {
    const rows = await ctx()
      .db.selectFrom("check_rollups")
      .select("period_start")
      .where("monitor_id", "=", monitorId)
      .where("bucket_seconds", "=", 86_400)
      .orderBy("period_start")
      .execute();
    return rows.map((row) => Math.round((NOW - Number(row.period_start)) / DAY));
  };
  const accountWithHistory = async (days: number | null) => {
    const account = await createTestAccount(db(), "enterprise", ctx());
    await ctx()
      .db.updateTable("accounts")
      .set({ history_days: days })
      .where("id", "=", account.accountId)
      .execute();
    const monitor = await createTestMonitor(ctx(), account.accountId, "enterprise");
    const ages = [1000, 900, 700, 500, 390, 100, 40, 20];
    await storeCheckBatch(
      ctx().db,
      ages.map((age) => checkRecord(monitor.id, NOW - age * DAY, true, 10)),
    );
    return monitor.id;
  };

  it("keeps an Enterprise+ account's chosen days, the default 400 without a choice, and never more than the server allows", async () => {
    const chosenShort = await accountWithHistory(30);
    const unchosen = await accountWithHistory(null);
    const chosenLong = await accountWithHistory(950);
    await pruneCheckHistory(ctx().db, NOW, 800);

    expect(await storedDaysAgo(chosenShort)).toEqual([20]);
    expect(await storedDaysAgo(unchosen)).toEqual([390, 100, 40, 20]);
    // 950 chosen, but the server keeps at most 800 days.
    expect(await storedDaysAgo(chosenLong)).toEqual([700, 500, 390, 100, 40, 20]);
  });

  it("keeps daily figures 800 days, or as long as a longer history", async () => {
    const longer = await accountWithHistory(950);
    const shorter = await accountWithHistory(60);
    await pruneCheckHistory(ctx().db, NOW, 1000);

    expect(await storedDaysAgo(longer)).toEqual([900, 700, 500, 390, 100, 40, 20]);
    expect(await dailyDaysAgo(longer)).toEqual([900, 700, 500, 390, 100, 40, 20]);
    expect(await dailyDaysAgo(shorter)).toEqual([700, 500, 390, 100, 40, 20]);
  });

  it("ignores a choice made on Enterprise+ once the account is on a plan with a fixed history", async () => {
    const monitorId = await accountWithHistory(700);
    const { account_id } = await ctx()
      .db.selectFrom("monitors")
      .select("account_id")
      .where("id", "=", monitorId)
      .executeTakeFirstOrThrow();
    await ctx()
      .db.updateTable("accounts")
      .set({ plan: "business" })
      .where("id", "=", account_id)
      .execute();
    await pruneCheckHistory(ctx().db, NOW, 1000);

    expect(await storedDaysAgo(monitorId)).toEqual([40, 20]);
  });
});
