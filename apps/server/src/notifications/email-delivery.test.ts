import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord } from "../../test/monitors.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { storeCheckBatch } from "../check-intake/store-checks.ts";

describeEachDatabase("alert e-mail through the mail outbox", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      mailTransport: loopbackSmtpTransport(smtp.port, "alerts@upwatch.example"),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("logs every attempt the outbox makes, and settles the notification when the mail is sent or refused for good", async () => {
    const account = await createTestAccount(db(), "free");
    const monitor = (
      await app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: account.headers,
        payload: { type: "http", name: "Blog", target: "https://example.com/" },
      })
    ).json();
    const takeDown = async (at: number) => {
      const record = {
        ...checkRecord(monitor.id, at, false, 90),
        transition: "went-down" as const,
      };
      await storeCheckBatch(db().handle.db, [record], app.alerting.engine.hook);
      await app.alerting.worker.drain();
      await app.outbox.drain();
    };
    const log = async () =>
      (
        await app.inject({ method: "GET", url: "/api/v1/notifications", headers: account.headers })
      ).json().data;

    smtp.refuseWith = 550;
    await takeDown(Date.now());
    const [refused] = await log();
    expect(refused).toMatchObject({
      channel_type: "email",
      event: "monitor.down",
      status: "failed",
    });
    expect(refused.error).toMatch(/^The mail server refused the message/);
    const first = await db()
      .handle.db.selectFrom("notifications")
      .selectAll()
      .where("id", "=", refused.notification_id)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ status: "failed", attempts: 1 });

    smtp.refuseWith = undefined;
    await db()
      .handle.db.updateTable("alerts")
      .set({ state: "resolved" })
      .where("monitor_id", "=", monitor.id)
      .execute();
    await takeDown(Date.now() + 1000);
    const [delivered] = await log();
    expect(delivered).toMatchObject({ status: "delivered", error: null });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["[Critical] Blog is down"]);
  });
});
