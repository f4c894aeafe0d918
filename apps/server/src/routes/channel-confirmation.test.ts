import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord } from "../../test/monitors.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { storeCheckBatch } from "../check-intake/store-checks.ts";
import { createAccount } from "../services/accounts/create-account.ts";
import { createServiceContext } from "../services/context.ts";
import { addMember } from "../services/team/add-member.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("e-mail channels to outside addresses wait for their recipient", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  const clock = { now: Date.UTC(2027, 0, 15, 8) };
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      ctx: ctx(),
      mailTransport: loopbackSmtpTransport(smtp.port, "alerts@upwatch.example"),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const api = async (account: Account, method: string, url: string, payload?: object) => {
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const mailsTo = async (address: string) => {
    await app.alerting.worker.drain();
    await app.outbox.drain();
    return smtp.received.filter((mail) => mail.to && "text" in mail.to && mail.to.text === address);
  };
  const linkIn = (text: string | undefined) => {
    const url = new URL(/http\S+confirm-channel\S+/.exec(text ?? "")?.[0] ?? "http://x/");
    return `${url.pathname}${url.search}`;
  };
  const takeDown = async (monitorId: string) => {
    clock.now += 60_000;
    const record = {
      ...checkRecord(monitorId, clock.now, false, 90),
      transition: "went-down" as const,
    };
    await storeCheckBatch(db().handle.db, [record], app.alerting.engine.hook);
  };
  const resolveAlerts = (monitorId: string) =>
    db()
      .handle.db.updateTable("alerts")
      .set({ state: "resolved" })
      .where("monitor_id", "=", monitorId)
      .execute();

  it("sends only the confirmation mail until the link is followed, then the alerts", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    const created = await api(account, "POST", "/channels", {
      type: "email",
      name: "Cheap watches, click here",
      config: { address: "stranger@example.net" },
    });
    expect(created.status).toBe(201);
    expect(created.body.confirmed).toBe(false);
    const [invitation, ...others] = await mailsTo("stranger@example.net");
    expect(others).toEqual([]);
    expect(invitation?.subject).toBe("Confirm that you want Upwatch alerts at this address");
    expect(invitation?.text).not.toContain("Cheap watches");

    const test = await api(account, "POST", `/channels/${created.body.id}/test`);
    expect(test.status).toBe(409);
    expect(test.body.detail).toMatch(/^This address has not confirmed that it wants these alerts/);

    const monitor = (
      await api(account, "POST", "/monitors", {
        type: "http",
        name: "Blog",
        target: "https://example.com/",
      })
    ).body;
    await api(account, "PUT", `/monitors/${monitor.id}/channels`, {
      channel_ids: [created.body.id],
    });
    await takeDown(monitor.id);
    expect(await mailsTo("stranger@example.net")).toHaveLength(1);
    const [skipped] = (await api(account, "GET", "/notifications")).body.data;
    expect(skipped).toMatchObject({
      channel_id: created.body.id,
      event: "monitor.down",
      status: "failed",
      error: "Not sent: this address has not yet confirmed that it wants these alerts.",
    });

    const link = linkIn(invitation?.text);
    const opened = await app.inject({ method: "GET", url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("Yes, send alerts here");
    expect((await api(account, "GET", `/channels/${created.body.id}`)).body.confirmed).toBe(false);

    const confirmed = await app.inject({ method: "POST", url: link });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Monitoring alerts will now be sent to stranger@example.net.");
    expect((await api(account, "GET", `/channels/${created.body.id}`)).body.confirmed).toBe(true);
    expect((await app.inject({ method: "POST", url: link })).statusCode).toBe(400);

    await resolveAlerts(monitor.id);
    await takeDown(monitor.id);
    const [, alert] = await mailsTo("stranger@example.net");
    expect(alert?.subject).toBe("[Critical] Blog is down");
  });

  it("needs no confirmation for the address of the account's owner", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    const owner = (await api(account, "GET", "/channels")).body.data[0].config.address;
    const created = await api(account, "POST", "/channels", {
      type: "email",
      name: "Me again",
      config: { address: owner.toUpperCase() },
    });
    expect(created.body.confirmed).toBe(true);
    expect(await mailsTo(owner.toUpperCase())).toEqual([]);
  });

  it("needs no confirmation for the address of any member, but asks people of other accounts", async () => {
    const account = await createTestAccount(db(), "business", ctx());
    const memberEmail = `member-${Date.now()}@example.com`;
    const outsiderEmail = `outsider-${Date.now()}@example.com`;
    const own = await createAccount(ctx(), { name: "Own", plan: "free", ownerEmail: memberEmail });
    await createAccount(ctx(), { name: "Other", plan: "free", ownerEmail: outsiderEmail });
    await addMember(ctx(), { accountId: account.accountId, email: memberEmail, role: "viewer" });
    // The member still signs in to their own account by default.
    await db()
      .handle.db.updateTable("users")
      .set({ account_id: own.accountId })
      .where("id", "=", own.userId)
      .execute();
    const member = await api(account, "POST", "/channels", {
      type: "email",
      name: "Our viewer",
      config: { address: memberEmail },
    });
    expect(member.body.confirmed).toBe(true);
    expect(await mailsTo(memberEmail)).toEqual([]);
    const outsider = await api(account, "POST", "/channels", {
      type: "email",
      name: "Someone else",
      config: { address: outsiderEmail },
    });
    expect(outsider.body.confirmed).toBe(false);
    expect(await mailsTo(outsiderEmail)).toHaveLength(1);
  });

  it("asks a changed address to confirm, resends at most every ten minutes, and honours only the newest link", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    const owner = (await api(account, "GET", "/channels")).body.data[0].config.address;
    const created = await api(account, "POST", "/channels", {
      type: "email",
      config: { address: owner },
    });
    const changed = await api(account, "PATCH", `/channels/${created.body.id}`, {
      config: { address: "new-home@example.net" },
    });
    expect(changed.body.confirmed).toBe(false);
    const [first] = await mailsTo("new-home@example.net");

    const soon = await api(account, "POST", `/channels/${created.body.id}/confirmation`);
    expect(soon.status).toBe(429);
    expect(soon.body.detail).toBe(
      "A confirmation mail went to this address a moment ago; wait 10 minutes before sending another.",
    );

    clock.now += 10 * 60_000;
    const resent = await api(account, "POST", `/channels/${created.body.id}/confirmation`);
    expect(resent.status).toBe(200);
    const [, second] = await mailsTo("new-home@example.net");
    expect((await app.inject({ method: "POST", url: linkIn(first?.text) })).statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: linkIn(second?.text) })).statusCode).toBe(200);

    const again = await api(account, "POST", `/channels/${created.body.id}/confirmation`);
    expect(again).toEqual({
      status: 409,
      body: { detail: "This channel is confirmed already; it receives alerts." },
    });
  });

  it("refuses a confirmation link older than seven days", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    await api(account, "POST", "/channels", {
      type: "email",
      config: { address: "late@example.net" },
    });
    const [invitation] = await mailsTo("late@example.net");
    clock.now += 7 * 24 * 3_600_000 + 1;
    const opened = await app.inject({ method: "GET", url: linkIn(invitation?.text) });
    expect(opened.statusCode).toBe(400);
    expect(opened.body).toContain("has expired (links work for 7 days)");
  });
});
