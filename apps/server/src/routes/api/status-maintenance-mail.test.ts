import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink.ts";
import {
  insertConfirmedSubscriber,
  insertStatusPage,
} from "../../../test/status-incident-pages.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
type Page = Awaited<ReturnType<typeof insertStatusPage>>;

const HOUR = 3_600_000;

describeEachDatabase("mail to status page subscribers when maintenance changes", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let account: Account;
  let clock = Date.parse("2026-12-01T00:00:00Z");

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock });
    app = await buildTestApp(db(), {
      ctx,
      env: { PUBLIC_URL: "https://upwatch.example", API_URL: "https://api.upwatch.example" },
      mailTransport: loopbackSmtpTransport(smtp.port),
    });
    account = await createTestAccount(db(), "business", ctx);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const at = (offsetMs: number) => new Date(clock + offsetMs).toISOString();
  const day = () => at(0).slice(0, 10);
  const subscribedPage = async () => {
    const page = await insertStatusPage(db().handle.db, account.accountId, ["API"]);
    await insertConfirmedSubscriber(db().handle.db, page.id, "watcher@example.com", clock - 60_000);
    return page;
  };
  /** Each request happens a moment after the one before, as the notices it queues do. */
  const call = async (method: string, url: string, payload?: unknown) => {
    clock += 1;
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1/status-pages${url}`,
      headers: account.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const schedule = async (page: Page, extra: Record<string, unknown> = {}) => {
    const created = await call("POST", `/${page.id}/maintenances`, {
      title: "Database upgrade",
      message: "Writes pause for a few minutes.",
      starts_at: at(HOUR),
      ends_at: at(2 * HOUR),
      component_ids: page.componentIds,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string };
  };
  /**
   * Runs the ticker, fans notices out and sends the outbox; answers the mails received since the
   * last call, in the order they were sent.
   */
  const mailed = async () => {
    await app.statusNotices?.tick();
    await app.statusNotices?.fanOut();
    await app.outbox.drain();
    return smtp.received.splice(0);
  };
  const subjects = async () => (await mailed()).map((mail) => mail.subject);

  it("mails the cancellation of an announced window ended before it starts", async () => {
    const page = await subscribedPage();
    const window = await schedule(page);
    expect(await subjects()).toEqual([`[${page.name}] Scheduled maintenance: Database upgrade`]);
    const ended = await call("POST", `/${page.id}/maintenances/${window.id}/end`);
    expect(ended.body.status).toBe("cancelled");
    const [mail, ...more] = await mailed();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`[${page.name}] Cancelled: Database upgrade`);
    expect(JSON.stringify(mail?.to)).toContain("watcher@example.com");
    expect(mail?.text).toContain(
      `Cancelled: the window planned for ${day()} 01:00 UTC to ${day()} 02:00 UTC will not take place.`,
    );
    expect(mail?.text).toContain("- API");
  });

  it("mails nothing when a window scheduled without notice is ended, moved or deleted before it starts", async () => {
    const page = await subscribedPage();
    const quiet = await schedule(page, { notify_subscribers: false });
    await call("PATCH", `/${page.id}/maintenances/${quiet.id}`, { starts_at: at(30 * 60_000) });
    await call("POST", `/${page.id}/maintenances/${quiet.id}/end`);
    const other = await schedule(page, { notify_subscribers: false });
    expect((await call("DELETE", `/${page.id}/maintenances/${other.id}`)).status).toBe(204);
    expect(await mailed()).toEqual([]);
  });

  it("mails the new times of an announced window that has not started, and nothing when only its words change", async () => {
    const page = await subscribedPage();
    const window = await schedule(page);
    await mailed();
    const [startsAt, endsAt] = [at(3 * HOUR), at(5 * HOUR)];
    const moved = await call("PATCH", `/${page.id}/maintenances/${window.id}`, {
      starts_at: startsAt,
      ends_at: endsAt,
    });
    expect(moved.status).toBe(200);
    const [mail, ...more] = await mailed();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(
      `[${page.name}] Rescheduled: Database upgrade, now ${day()} 03:00\u201305:00 UTC`,
    );
    expect(mail?.text).toContain(`Window: ${day()} 03:00 UTC to ${day()} 05:00 UTC`);
    expect(mail?.text).toContain(`Previously: ${day()} 01:00 UTC to ${day()} 02:00 UTC`);
    await call("PATCH", `/${page.id}/maintenances/${window.id}`, {
      title: "Database upgrade",
      message: "Writes pause for a minute.",
      starts_at: startsAt,
    });
    expect(await mailed()).toEqual([]);
  });

  it("names both dates when rescheduled times cross midnight", async () => {
    const page = await subscribedPage();
    const window = await schedule(page);
    await mailed();
    await call("PATCH", `/${page.id}/maintenances/${window.id}`, {
      starts_at: at(23 * HOUR),
      ends_at: at(25 * HOUR),
    });
    const next = at(24 * HOUR).slice(0, 10);
    expect(await subjects()).toEqual([
      `[${page.name}] Rescheduled: Database upgrade, now ${day()} 23:00\u2013${next} 01:00 UTC`,
    ]);
  });

  it("mails the cancellation of an announced window deleted before it starts, and nothing more when deleting a cancelled one", async () => {
    const page = await subscribedPage();
    const deleted = await schedule(page);
    await mailed();
    expect((await call("DELETE", `/${page.id}/maintenances/${deleted.id}`)).status).toBe(204);
    expect(await subjects()).toEqual([`[${page.name}] Cancelled: Database upgrade`]);
    const cancelled = await schedule(page);
    await call("POST", `/${page.id}/maintenances/${cancelled.id}/end`);
    await mailed();
    expect((await call("DELETE", `/${page.id}/maintenances/${cancelled.id}`)).status).toBe(204);
    expect(await mailed()).toEqual([]);
  });

  it("mails one completion, and no cancellation, when a window under way is ended early", async () => {
    const page = await subscribedPage();
    const window = await schedule(page);
    await mailed();
    clock += HOUR;
    expect(await subjects()).toEqual([`[${page.name}] Maintenance started: Database upgrade`]);
    clock += 10 * 60_000;
    const ended = await call("POST", `/${page.id}/maintenances/${window.id}/end`);
    expect(ended.body.status).toBe("completed");
    clock += 1;
    const [mail, ...more] = await mailed();
    clock += HOUR;
    more.push(...(await mailed()));
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`[${page.name}] Maintenance completed: Database upgrade`);
    expect(mail?.text).toContain(`Window: ${day()} 01:00 UTC to ${day()} 01:10 UTC`);
  });
});
