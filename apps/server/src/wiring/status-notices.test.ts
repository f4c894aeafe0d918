import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { insertConfirmedSubscriber, insertStatusPage } from "../../test/status-incident-pages.ts";

describeEachDatabase("status page notices on a running server", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      // On PostgreSQL only a process that runs checks may lead, and the fan-out is the leader's.
      env: { PUBLIC_URL: "https://upwatch.example", RUN_CHECKS: "true" },
      mailTransport: loopbackSmtpTransport(smtp.port),
      startOutboxWorker: true,
      startAlerting: true,
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("mails subscribers a posted incident without anyone driving the workers", async () => {
    const account = await createTestAccount(db(), "business");
    const page = await insertStatusPage(db().handle.db, account.accountId, ["API"]);
    await insertConfirmedSubscriber(db().handle.db, page.id, "watcher@example.com");
    const opened = await app.inject({
      method: "POST",
      url: `/api/v1/status-pages/${page.id}/incidents`,
      headers: account.headers,
      payload: { title: "Login fails", message: "We are looking into it." },
    });
    expect(opened.statusCode).toBe(201);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
    expect(smtp.received[0]?.subject).toBe(`[${page.name}] Incident: Login fails`);
  });
});
