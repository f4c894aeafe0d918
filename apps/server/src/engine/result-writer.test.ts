import { openDatabase } from "@upwatch/db";
import { describe, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../test/monitors.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { createServiceContext } from "../services/context.ts";
import { ResultWriter } from "./result-writer.ts";

describe("the result writer without a database", () => {
  it("keeps results and reports the failure when the database is unreachable", async () => {
    const unreachable = openDatabase({ url: "postgres://nobody@127.0.0.1:1/none", dataDir: "." });
    const errors: unknown[] = [];
    const writer = new ResultWriter({ db: unreachable.db, onError: (error) => errors.push(error) });
    writer.add(checkRecord("mon_a", 1, true, 10));
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(writer.pending).toBe(1);
    await unreachable.close();
  });

  it("drops the oldest results beyond its buffer limit and says how many", async () => {
    const unreachable = openDatabase({ url: "postgres://nobody@127.0.0.1:1/none", dataDir: "." });
    const dropped: number[] = [];
    const writer = new ResultWriter({
      db: unreachable.db,
      batchSize: 100,
      maxBuffered: 3,
      onError: (_error, count) => dropped.push(count),
    });
    for (let index = 0; index < 5; index++) writer.add(checkRecord("mon_a", index, true, 10));
    expect(writer.pending).toBe(3);
    expect(dropped).toEqual([1, 1]);
    await unreachable.close();
  });
});

describeEachDatabase("the result writer", (db) => {
  it("writes everything buffered in batches and counts what it stored", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const account = await createTestAccount(db(), "hobby", ctx);
    const monitor = await createTestMonitor(ctx, account.accountId, "hobby");
    const writer = new ResultWriter({ db: ctx.db, batchSize: 7 });
    for (let index = 0; index < 20; index++)
      writer.add(checkRecord(monitor.id, 1000 + index, true, 10));
    await writer.stop();
    expect(writer.pending).toBe(0);
    expect(writer.stored).toBe(20);
  });

  it("writes a check that changes a monitor's state at once, without waiting for the timer", async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const account = await createTestAccount(db(), "hobby", ctx);
    const monitor = await createTestMonitor(ctx, account.accountId, "hobby");
    let commits = 0;
    const writer = new ResultWriter({
      db: ctx.db,
      flushIntervalMs: 3_600_000,
      afterCommit: () => {
        commits += 1;
      },
    });
    writer.start();
    writer.add(checkRecord(monitor.id, 1000, true, 10));
    writer.add({ ...checkRecord(monitor.id, 2000, false, 10), transition: "went-down" });
    await expect.poll(() => commits).toBe(1);
    expect(writer.stored).toBe(2);
    await writer.stop();
  });
});
