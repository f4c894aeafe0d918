import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { LeaseQueue } from "./lease-queue.ts";

const LEASE_MS = 60_000;

async function addMail(db: Kysely<Database>, ids: string[], at: number) {
  await db
    .insertInto("outbox")
    .values(
      ids.map((id) => ({
        id,
        kind: "test",
        recipient: "someone@example.com",
        message: "{}",
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: at,
        locked_until: null,
        claim_token: null,
        last_error: null,
        created_at: at,
        sent_at: null,
      })),
    )
    .execute();
}

describeEachDatabase("the lease queue", (db) => {
  it("gives each due row to one worker only, and a lapsed lease's rows to the next", async () => {
    const handle = db().handle.db;
    const clock = { now: 1_000_000 };
    const queue = () =>
      new LeaseQueue({
        db: handle,
        table: "outbox",
        now: () => clock.now,
        leaseMs: LEASE_MS,
        retriesAt: true,
      });
    const ids = Array.from({ length: 30 }, (_, i) => `mail_lease_${i}`);
    await addMail(handle, ids, clock.now);

    const batches = await Promise.all([
      queue().claimRows(12),
      queue().claimRows(12),
      queue().claimRows(12),
    ]);
    const together = batches.flat().map((row) => row.id);
    expect(new Set(together).size).toBe(together.length);
    // Concurrent claims may come back short (a row another claim took is skipped), never doubled.
    const rest = (await queue().claimRows(50)).map((row) => row.id);
    expect([...together, ...rest].sort()).toEqual([...ids].sort());
    expect(await queue().claimRows(50)).toEqual([]);

    const sent = together.slice(0, 5);
    await queue().complete(sent, "sent", { sent_at: clock.now });
    clock.now += LEASE_MS + 1;
    const reclaimed = (await queue().claimRows(50)).map((row) => row.id).sort();
    expect(reclaimed).toEqual(ids.filter((id) => !sent.includes(id)).sort());
    await queue().complete(reclaimed, "sent", { sent_at: clock.now });
  });

  it("keeps a retried row until its time, and never hands out a row given up", async () => {
    const handle = db().handle.db;
    const clock = { now: 5_000_000 };
    const queue = new LeaseQueue({
      db: handle,
      table: "outbox",
      now: () => clock.now,
      leaseMs: LEASE_MS,
      retriesAt: true,
    });
    await addMail(handle, ["mail_retry", "mail_given_up"], clock.now);
    const rows = await queue.claimRows(10);
    expect(rows.map((row) => row.id).sort()).toEqual(["mail_given_up", "mail_retry"]);
    await queue.retryAt("mail_retry", clock.now + 15_000, { attempts: 1, last_error: "busy" });
    await queue.giveUp("mail_given_up", { attempts: 1, last_error: "no such mailbox" });

    expect(await queue.claimRows(10)).toEqual([]);
    clock.now += 15_000;
    const again = await queue.claimRows(10);
    expect(again.map((row) => [row.id, row.attempts, row.last_error])).toEqual([
      ["mail_retry", 1, "busy"],
    ]);
    clock.now += 10 * LEASE_MS;
    const left = await handle
      .selectFrom("outbox")
      .select(["id", "status"])
      .where("id", "in", ["mail_retry", "mail_given_up"])
      .orderBy("id")
      .execute();
    expect(left).toEqual([
      { id: "mail_given_up", status: "failed" },
      { id: "mail_retry", status: "sending" },
    ]);
    expect((await queue.claimRows(10)).map((row) => row.id)).toEqual(["mail_retry"]);
  });
});
