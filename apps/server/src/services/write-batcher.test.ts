import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { WriteBatcher } from "./write-batcher.ts";

describeEachDatabase("group commit", (db) => {
  const row = (id: string) => ({
    id,
    name: "Ada",
    email: "ada@example.com",
    subject: "Bug Report",
    message: "Hello",
    ip: null,
    user_agent: null,
    created_at: 1,
  });
  const stored = async (prefix: string) =>
    (
      await db()
        .handle.db.selectFrom("contact_messages")
        .select("id")
        .where("id", "like", `${prefix}%`)
        .execute()
    ).map((r) => r.id);

  it("stores every one of many concurrent writes before answering it", async () => {
    const batcher = new WriteBatcher(db().handle.db);
    const ids = Array.from({ length: 120 }, (_, i) => `burst_${i}`);
    const answers = await Promise.all(
      ids.map((id) =>
        batcher.run(async (trx) => {
          await trx.insertInto("contact_messages").values(row(id)).execute();
          return id;
        }),
      ),
    );
    expect(answers).toEqual(ids);
    expect((await stored("burst_")).sort()).toEqual([...ids].sort());
  });

  it("fails only the write that failed when writes share a commit", async () => {
    const batcher = new WriteBatcher(db().handle.db);
    const insert = (id: string) =>
      batcher.run((trx) => trx.insertInto("contact_messages").values(row(id)).execute());
    const results = await Promise.allSettled([
      insert("mixed_a"),
      insert("mixed_a"),
      insert("mixed_b"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await stored("mixed_")).sort()).toEqual(["mixed_a", "mixed_b"]);
  });

  it("holds the first write for the gather time, so one arriving meanwhile joins its commit", async () => {
    const batcher = new WriteBatcher(db().handle.db, { gatherMs: 60 });
    const insert = (id: string) =>
      batcher.run(async (trx) => {
        await trx.insertInto("contact_messages").values(row(id)).execute();
        return id;
      });
    const started = Date.now();
    const first = insert("gather_a");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await stored("gather_")).toEqual([]);
    const answers = await Promise.all([first, insert("gather_b")]);
    expect(answers).toEqual(["gather_a", "gather_b"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect((await stored("gather_")).sort()).toEqual(["gather_a", "gather_b"]);
  });
});
