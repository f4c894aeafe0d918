import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  insertConfirmedSubscriber,
  insertStatusPage,
} from "../../../test/status-incident-pages.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("status page subscribers in the API", (db) => {
  let app: FastifyInstance;
  let account: Account;
  let other: Account;

  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), "hobby");
    other = await createTestAccount(db(), "hobby");
  });
  afterAll(() => app.close());

  const newPage = () => insertStatusPage(db().handle.db, account.accountId, ["API"]);
  const get = (url: string, who: Account = account) =>
    app.inject({ method: "GET", url: `/api/v1/status-pages${url}`, headers: who.headers });

  it("lists a page's subscribers oldest first in pages, with the total", async () => {
    const page = await newPage();
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 3; i += 1) {
      await insertConfirmedSubscriber(db().handle.db, page.id, `reader-${i}@example.com`, base + i);
    }
    const first = await get(`/${page.id}/subscribers?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      total: 3,
      data: [
        { email: "reader-0@example.com", status: "confirmed", unsubscribed_at: null },
        { email: "reader-1@example.com" },
      ],
    });
    const rest = await get(`/${page.id}/subscribers?limit=2&after=${first.json().next_after}`);
    expect(rest.json()).toMatchObject({
      data: [{ email: "reader-2@example.com" }],
      next_after: null,
    });
    expect((await get(`/${page.id}/subscribers?status=pending`)).json()).toMatchObject({
      data: [],
      total: 0,
    });
    expect((await get(`/${page.id}/subscribers?status=gone`)).statusCode).toBe(400);
  });

  it("exports subscribers as CSV with formula-like cells defused", async () => {
    const page = await newPage();
    await insertConfirmedSubscriber(db().handle.db, page.id, "=cmd@example.com");
    await insertConfirmedSubscriber(db().handle.db, page.id, "plain@example.com", Date.now());
    const csv = await get(`/${page.id}/subscribers.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="${page.slug}-subscribers.csv"`,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("email,status,subscribed,confirmed,unsubscribed");
    expect(lines[1]).toMatch(/^'=cmd@example\.com,confirmed,\d{4}-\d\d-\d\dT[^,]+,[^,]+,$/);
    expect(lines[2]).toMatch(/^plain@example\.com,confirmed,/);
  });

  it("removes a subscriber, who then gets no notices", async () => {
    const page = await newPage();
    const id = await insertConfirmedSubscriber(db().handle.db, page.id, "gone@example.com");
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/v1/status-pages/${page.id}/subscribers/${id}`,
      headers: account.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/${page.id}/subscribers`)).json().total).toBe(0);
    const again = await app.inject({
      method: "DELETE",
      url: `/api/v1/status-pages/${page.id}/subscribers/${id}`,
      headers: account.headers,
    });
    expect(again.json()).toEqual({ detail: "There is no subscriber with that id." });
  });

  it("shows another account neither the list nor the export", async () => {
    const page = await newPage();
    await insertConfirmedSubscriber(db().handle.db, page.id, "private@example.com");
    const list = await get(`/${page.id}/subscribers`, other);
    expect(list.statusCode).toBe(404);
    const csv = await get(`/${page.id}/subscribers.csv`, other);
    expect(csv.statusCode).toBe(404);
    expect(csv.body).not.toContain("private@example.com");
  });

  it("refuses new subscribers once a Hobby page has 1,000, and accepts them again after one leaves", async () => {
    const page = await newPage();
    const now = Date.now();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: `ssub_full_${page.id}_${i}`,
      page_id: page.id,
      email: `full-${i}@example.com`,
      email_key: `full-${i}@example.com`,
      status: "confirmed" as const,
      confirmation_sent_at: now,
      confirmed_at: now,
      unsubscribed_at: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await db()
        .handle.db.insertInto("status_subscribers")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const subscribe = () =>
      app.inject({
        method: "POST",
        url: `/status/${page.slug}/subscribe`,
        payload: { email: "one-more@example.com" },
        remoteAddress: "127.0.9.1",
      });
    const refused = await subscribe();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "This status page has as many subscribers as it can take. Please follow the page itself instead.",
    );
    await app.inject({
      method: "DELETE",
      url: `/api/v1/status-pages/${page.id}/subscribers/${rows[0]?.id}`,
      headers: account.headers,
    });
    expect((await subscribe()).statusCode).toBe(200);
  });
});
