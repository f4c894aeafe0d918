import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../../test/accounts.ts";
import { type AppWithMail, startAppWithMail } from "../../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../../test/databases.ts";
import { buildKnownMonth } from "../../../../test/sla-month.ts";
import { loadServerSecret } from "../../server-secret.ts";
import { REPORT_LINK_SECRET_NAME } from "./report-unsubscribe.ts";
import { sendDueSlaReports } from "./send-due-sla-reports.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("report recipients outside the account wait for their consent", (db) => {
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

  const api = async (
    account: Account,
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
  ) => {
    const response = await started.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const mailsTo = async (address: string) => {
    await started.app.outbox.drain();
    return started.smtp.received.filter(
      (m) => m.to && "text" in m.to && m.to.text.toLowerCase() === address.toLowerCase(),
    );
  };
  const linkIn = (text: string | undefined) => {
    const url = new URL(/http\S+confirm-report\S+/.exec(text ?? "")?.[0] ?? "http://x/");
    return `${url.pathname}${url.search}`;
  };
  const ownerAddress = async (accountId: string) => {
    const owner = await started.ctx.db
      .selectFrom("memberships")
      .innerJoin("users", "users.id", "memberships.user_id")
      .select("users.email")
      .where("memberships.account_id", "=", accountId)
      .executeTakeFirstOrThrow();
    return owner.email;
  };
  const newSchedule = async (name: string, recipients: string[]) => {
    now = Date.parse("2026-11-20T09:00:00Z");
    const account = await createTestAccount(db(), "enterprise", started.ctx);
    const { monitorId } = await buildKnownMonth(started.ctx, account.accountId, name);
    const created = await api(account, "POST", "/reports/schedules", {
      subject_type: "monitor",
      subject_id: monitorId,
      recipients,
    });
    expect(created.status).toBe(201);
    return { account, schedule: created.body };
  };

  it("sends a stranger only a confirmation mail, and no report until the address confirms", async () => {
    const { schedule } = await newSchedule("Payments", ["stranger@example.net"]);
    expect(schedule.recipient_confirmations).toEqual([
      { address: "stranger@example.net", confirmed: false },
    ]);
    const [invitation, ...others] = await mailsTo("stranger@example.net");
    expect(others).toEqual([]);
    expect(invitation?.subject).toBe(
      "Confirm that you want a monthly Upwatch uptime report at this address",
    );
    expect(invitation?.text).not.toContain("Payments");
    expect(invitation?.attachments).toEqual([]);
    now = Date.parse("2026-12-01T09:00:00Z");
    expect(await sendDue()).toBe(0);
    expect(await mailsTo("stranger@example.net")).toHaveLength(1);
  });

  it("mails the report to an address once it confirms with the button", async () => {
    const { account, schedule } = await newSchedule("Orders", ["buyer@example.net"]);
    const [invitation] = await mailsTo("buyer@example.net");
    const confirmed = await started.app.inject({ method: "POST", url: linkIn(invitation?.text) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(
      "The monthly uptime report will now be sent to buyer@example.net.",
    );
    const listed = await api(account, "GET", "/reports/schedules");
    expect(listed.body.data[0].recipient_confirmations).toEqual([
      { address: "buyer@example.net", confirmed: true },
    ]);
    now = Date.parse("2026-12-01T09:00:00Z");
    expect(await sendDue()).toBe(1);
    const mails = await mailsTo("buyer@example.net");
    expect(mails.map((m) => m.subject)).toEqual([
      invitation?.subject,
      expect.stringMatching(/^SLA report for Orders, November 2026: /),
    ]);
    expect(schedule.id).toBe(listed.body.data[0].id);
  });

  it("sends a member's own address the report with no confirmation", async () => {
    now = Date.parse("2026-11-20T09:00:00Z");
    const account = await createTestAccount(db(), "enterprise", started.ctx);
    const member = await ownerAddress(account.accountId);
    const { monitorId } = await buildKnownMonth(started.ctx, account.accountId, "Login");
    const created = await api(account, "POST", "/reports/schedules", {
      subject_type: "monitor",
      subject_id: monitorId,
      recipients: [member.toUpperCase(), "outsider@example.net"],
    });
    expect(created.body.recipient_confirmations).toEqual([
      { address: member.toUpperCase(), confirmed: true },
      { address: "outsider@example.net", confirmed: false },
    ]);
    expect(await mailsTo(member.toUpperCase())).toEqual([]);
    now = Date.parse("2026-12-01T09:00:00Z");
    expect(await sendDue()).toBe(1);
    const reports = await mailsTo(member.toUpperCase());
    expect(reports.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^SLA report for Login, November 2026: /),
    ]);
    expect(await mailsTo("outsider@example.net")).toHaveLength(1);
  });

  it("confirms nothing when the link is only opened, as a mail scanner would", async () => {
    const { account } = await newSchedule("Search", ["scanned@example.net"]);
    const [invitation] = await mailsTo("scanned@example.net");
    const opened = await started.app.inject({ method: "GET", url: linkIn(invitation?.text) });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("Yes, send the report here");
    const listed = await api(account, "GET", "/reports/schedules");
    expect(listed.body.data[0].recipient_confirmations).toEqual([
      { address: "scanned@example.net", confirmed: false },
    ]);
    now = Date.parse("2026-12-01T09:00:00Z");
    expect(await sendDue()).toBe(0);
    expect(await mailsTo("scanned@example.net")).toHaveLength(1);
  });

  it("refuses a used link and asks an address again only after the change that adds it", async () => {
    const { account, schedule } = await newSchedule("Cart", ["twice@example.net"]);
    const [invitation] = await mailsTo("twice@example.net");
    const link = linkIn(invitation?.text);
    expect((await started.app.inject({ method: "POST", url: link })).statusCode).toBe(200);
    expect((await started.app.inject({ method: "POST", url: link })).statusCode).toBe(400);
    const changed = await api(account, "PATCH", `/reports/schedules/${schedule.id}`, {
      recipients: ["twice@example.net", "later@example.net"],
    });
    expect(changed.body.recipient_confirmations).toEqual([
      { address: "twice@example.net", confirmed: true },
      { address: "later@example.net", confirmed: false },
    ]);
    expect(await mailsTo("twice@example.net")).toHaveLength(1);
    expect(await mailsTo("later@example.net")).toHaveLength(1);
  });

  it("mails a waiting address a new link on request, at most once in ten minutes", async () => {
    const { account, schedule } = await newSchedule("Stock", ["again@example.net"]);
    const resend = () =>
      api(account, "POST", `/reports/schedules/${schedule.id}/confirmation`, {
        address: "again@example.net",
      });
    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.body.detail).toMatch(/^A confirmation mail went to this address a moment ago/);
    now += 10 * 60_000 + 1000;
    const [first] = await mailsTo("again@example.net");
    const later = await resend();
    expect(later.status).toBe(200);
    const mails = await mailsTo("again@example.net");
    expect(mails).toHaveLength(2);
    const stale = await started.app.inject({ method: "POST", url: linkIn(first?.text) });
    expect(stale.statusCode).toBe(400);
    expect(
      (await started.app.inject({ method: "POST", url: linkIn(mails[1]?.text) })).statusCode,
    ).toBe(200);
    const confirmed = await resend();
    expect(confirmed.status).toBe(409);
    const unknown = await api(account, "POST", `/reports/schedules/${schedule.id}/confirmation`, {
      address: "nobody@example.net",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("This schedule does not mail that address.");
  });

  it("stops the report for an address that presses the button behind the link in a report mail", async () => {
    const { account, schedule } = await newSchedule("Invoices", ["leaving@example.net"]);
    const [invitation] = await mailsTo("leaving@example.net");
    await started.app.inject({ method: "POST", url: linkIn(invitation?.text) });
    now = Date.parse("2026-12-01T09:00:00Z");
    await sendDue();
    const report = (await mailsTo("leaving@example.net"))[1];
    expect(report?.subject).toMatch(/^SLA report for Invoices, November 2026: /);
    const found = /http\S+(\/report-unsubscribe\S+)/.exec(report?.text ?? "")?.[1] ?? "/x";
    const opened = await started.app.inject({ method: "GET", url: found });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("Stop sending me this report");
    expect((await api(account, "GET", "/reports/schedules")).body.data[0].recipients).toEqual([
      "leaving@example.net",
    ]);
    const stopped = await started.app.inject({ method: "POST", url: found });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain(
      "The monthly uptime report is no longer sent to leaving@example.net.",
    );
    expect((await started.app.inject({ method: "POST", url: found })).statusCode).toBe(400);
    const listed = (await api(account, "GET", "/reports/schedules")).body.data[0];
    expect([listed.id, listed.recipients]).toEqual([schedule.id, []]);
    now = Date.parse("2027-01-01T09:00:00Z");
    await sendDue();
    expect(await mailsTo("leaving@example.net")).toHaveLength(2);
  });
});
