import { beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import {
  insertConfirmedSubscriber,
  insertStatusPage,
} from "../../../test/status-incident-pages.ts";
import { createServiceContext } from "../context.ts";
import type { StatusSubscriberContext } from "../status-subscribers/subscriber-links.ts";
import { fanOutStatusNotices } from "./fan-out-status-notices.ts";
import { NOTICE_RETENTION_MS, pruneStatusNotices } from "./prune-status-notices.ts";
import { queueStatusNotice } from "./queue-status-notice.ts";

describeEachDatabase("fanning status page notices out to subscribers", (db) => {
  let ctx: StatusSubscriberContext;
  let accountId: string;

  beforeAll(async () => {
    ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      linkSecret: Buffer.alloc(32, 7),
      linkBase: "https://upwatch.example",
    };
    accountId = (await createTestAccount(db(), "business", ctx)).accountId;
  });

  const outboxFor = (noticeId: string) =>
    db()
      .handle.db.selectFrom("outbox")
      .select(["id", "recipient", "message"])
      .where("id", "like", `smail_${noticeId}_%`)
      .orderBy("recipient")
      .execute();

  it("mails every confirmed subscriber once, in batches, with idempotent mail ids", async () => {
    const page = await insertStatusPage(db().handle.db, accountId);
    for (let i = 0; i < 5; i += 1) {
      await insertConfirmedSubscriber(db().handle.db, page.id, `batch-${i}@example.com`);
    }
    const noticeId = await queueStatusNotice(db().handle.db, ctx, {
      pageId: page.id,
      kind: "incident-opened",
      subject: "[Acme] Incident: Slow API",
      body: "Slow API",
    });
    expect(await fanOutStatusNotices(ctx, 2)).toBe(5);
    const mails = await outboxFor(noticeId);
    expect(mails.map((mail) => mail.recipient)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `batch-${i}@example.com`),
    );
    const notice = await db()
      .handle.db.selectFrom("status_notices")
      .selectAll()
      .where("id", "=", noticeId)
      .executeTakeFirstOrThrow();
    expect(notice.done_at).not.toBeNull();
    await db()
      .handle.db.updateTable("status_notices")
      .set({ done_at: null, subscriber_cursor: null })
      .where("id", "=", noticeId)
      .execute();
    await fanOutStatusNotices(ctx, 2);
    expect(await outboxFor(noticeId)).toHaveLength(5);
    const mail = JSON.parse(mails[0]?.message ?? "{}");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`https://upwatch.example/status/${page.slug}`);
  });

  it("skips pending and unsubscribed addresses and those who confirmed after the notice", async () => {
    const page = await insertStatusPage(db().handle.db, accountId);
    await insertConfirmedSubscriber(db().handle.db, page.id, "early@example.com");
    const noticeId = await queueStatusNotice(db().handle.db, ctx, {
      pageId: page.id,
      kind: "maintenance-started",
      subject: "[Acme] Maintenance started: Upgrade",
      body: "Upgrade",
    });
    await insertConfirmedSubscriber(
      db().handle.db,
      page.id,
      "late@example.com",
      Date.now() + 60_000,
    );
    const pendingId = await insertConfirmedSubscriber(
      db().handle.db,
      page.id,
      "pending@example.com",
    );
    await db()
      .handle.db.updateTable("status_subscribers")
      .set({ status: "pending", confirmed_at: null })
      .where("id", "=", pendingId)
      .execute();
    await fanOutStatusNotices(ctx);
    expect((await outboxFor(noticeId)).map((mail) => mail.recipient)).toEqual([
      "early@example.com",
    ]);
  });

  it("forgets notices fanned out more than 30 days ago, and keeps newer and pending ones", async () => {
    const page = await insertStatusPage(db().handle.db, accountId);
    const notice = (subject: string) =>
      queueStatusNotice(db().handle.db, ctx, {
        pageId: page.id,
        kind: "incident-updated",
        subject,
        body: subject,
      });
    const old = await notice("old");
    const recent = await notice("recent");
    const pending = await notice("pending");
    const setDone = (id: string, doneAt: number) =>
      db()
        .handle.db.updateTable("status_notices")
        .set({ done_at: doneAt })
        .where("id", "=", id)
        .execute();
    await setDone(old, Date.now() - NOTICE_RETENTION_MS - 60_000);
    await setDone(recent, Date.now() - 60_000);
    expect(await pruneStatusNotices(ctx)).toBe(1);
    const left = await db()
      .handle.db.selectFrom("status_notices")
      .select("id")
      .where("page_id", "=", page.id)
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([recent, pending].sort());
  });
});
