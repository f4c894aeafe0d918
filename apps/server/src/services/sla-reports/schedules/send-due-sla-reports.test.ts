import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../../test/accounts.ts";
import { type AppWithMail, startAppWithMail } from "../../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../../test/databases.ts";
import { readPdf } from "../../../../test/pdf-reading.ts";
import { buildKnownMonth } from "../../../../test/sla-month.ts";
import { loadServerSecret } from "../../server-secret.ts";
import { REPORT_LINK_SECRET_NAME } from "./report-unsubscribe.ts";
import { sendDueSlaReports } from "./send-due-sla-reports.ts";

describeEachDatabase("monthly SLA report mail", (db) => {
  let started: AppWithMail;
  let now = Date.parse("2026-11-20T09:00:00Z");

  beforeAll(async () => {
    started = await startAppWithMail(db(), () => now, { RUN_CHECKS: "false" });
  });
  afterAll(() => started.close());

  const sendDue = async () =>
    sendDueSlaReports(started.ctx, {
      reportsUrl: "https://upwatch.example/app/reports",
      linkBase: "https://upwatch.example",
      linkSecret: await loadServerSecret(started.ctx.db, REPORT_LINK_SECRET_NAME),
    });

  const schedule = async (headers: Record<string, string>, payload: object) => {
    const response = await started.app.inject({
      method: "POST",
      url: "/api/v1/reports/schedules",
      headers,
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  /** Presses the button of every confirmation link mailed so far, as each recipient would. */
  const confirmAll = async () => {
    await started.app.outbox.drain();
    for (const mail of started.smtp.received) {
      const link = /http\S+(\/confirm-report\S+)/.exec(mail.text ?? "")?.[1];
      if (link) await started.app.inject({ method: "POST", url: link });
    }
    return started.smtp.received.length;
  };

  it("mails last month's report once to each address, PDF and CSV attached, however many processes try", async () => {
    const account = await createTestAccount(db(), "enterprise", started.ctx);
    await started.ctx.db
      .updateTable("accounts")
      .set({ time_zone: "Europe/Berlin" })
      .where("id", "=", account.accountId)
      .execute();
    const { monitorId } = await buildKnownMonth(started.ctx, account.accountId);
    const id = await schedule(account.headers, {
      subject_type: "monitor",
      subject_id: monitorId,
      target: 99.5,
      recipients: ["finance@example.com", "customer@example.com"],
    });
    const before = await confirmAll();
    // Half past midnight on the first of December in Berlin, still November in UTC.
    now = Date.parse("2026-11-30T23:30:00Z");
    const runs = await Promise.all([sendDue(), sendDue()]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await sendDue()).toBe(0);
    await started.app.outbox.drain();
    await expect.poll(() => started.smtp.received.length, { timeout: 15_000 }).toBe(before + 2);
    const mails = started.smtp.received.slice(before);
    expect(mails.map((m) => m.to && "text" in m.to && m.to.text).sort()).toEqual([
      "customer@example.com",
      "finance@example.com",
    ]);
    const mail = mails[0]!;
    expect(mail.subject).toBe("SLA report for Checkout, November 2026: 99.525 % uptime");
    expect(mail.text).toContain("Uptime: 99.525 % against a target of 99.5 % (met).");
    expect(mail.text).toContain("Maintenance excluded: 1 h.");
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["sla-checkout-2026-11.pdf", "application/pdf"],
      ["sla-checkout-2026-11.csv", "text/csv"],
    ]);
    const pdf = readPdf(mail.attachments[0]!.content);
    expect(pdf.pages).toBe(3);
    expect(pdf.text).toContain("Europe/Berlin");
    expect(mail.attachments[1]!.content.toString()).toContain(",Europe/Berlin,99.5,");
    const listed = await started.app.inject({
      method: "GET",
      url: "/api/v1/reports/schedules",
      headers: account.headers,
    });
    expect(listed.json().data).toMatchObject([{ id, last_sent_month: "2026-11" }]);
  });

  it("waits for the next month when a schedule is made after the month ended", async () => {
    now = Date.parse("2026-12-02T09:00:00Z");
    const account = await createTestAccount(db(), "enterprise", started.ctx);
    const { monitorId } = await buildKnownMonth(started.ctx, account.accountId, "Search");
    await schedule(account.headers, {
      subject_type: "monitor",
      subject_id: monitorId,
      recipients: ["late@example.com"],
    });
    const before = await confirmAll();
    expect(await sendDue()).toBe(0);
    await started.app.outbox.drain();
    expect(started.smtp.received.length).toBe(before);
  });
});
