import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { freeLoopbackPort } from "../../test/ports.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { createServiceContext } from "../services/context.ts";
import { fileTransport } from "./transports.ts";

const message = {
  name: "Ada",
  email: "ada@example.com",
  subject: "Bug Report",
  message: "The chart is empty.",
};

describeEachDatabase("the mail outbox", (db) => {
  let smtp: SmtpSink | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  function clock(start: number) {
    const state = { now: start };
    return {
      state,
      ctx: createServiceContext(db().handle.db, TEST_SECRETS, { now: () => state.now }),
    };
  }
  const outboxRow = async (kind: string) =>
    db()
      .handle.db.selectFrom("outbox")
      .selectAll()
      .where("kind", "=", kind)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();

  it("keeps mail while the SMTP server is down and delivers it exactly once when it is back", async () => {
    const port = await freeLoopbackPort();
    const { state, ctx } = clock(1_000_000);
    const transport = loopbackSmtpTransport(port);
    const app = await buildTestApp(db(), {
      ctx,
      mailTransport: transport,
      env: { FORMS_RATE_LIMIT: "0" },
    });
    const response = await app.inject({
      method: "POST",
      url: "/public/contact",
      payload: { ...message, name: "Down Time" },
    });
    expect(response.statusCode).toBe(201);

    await app.outbox.drain();
    const failed = await db()
      .handle.db.selectFrom("outbox")
      .selectAll()
      .where("message", "like", "%Down Time%")
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpSink(port);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(0);
    state.now += 15_000;
    await app.outbox.drain();
    await app.outbox.drain();
    expect(smtp.received.filter((m) => m.subject?.includes("Down Time"))).toHaveLength(1);
    const sent = await db()
      .handle.db.selectFrom("outbox")
      .selectAll()
      .where("id", "=", failed.id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe("sent");
    await app.close();
  });

  it("retries a temporary refusal and gives up on a permanent one, keeping the reason", async () => {
    smtp = await startSmtpSink();
    const { state, ctx } = clock(2_000_000);
    const transport = loopbackSmtpTransport(smtp.port, "no-reply@upwatch.example");
    const app = await buildTestApp(db(), {
      ctx,
      mailTransport: transport,
      env: { FORMS_RATE_LIMIT: "0" },
    });
    await app.inject({
      method: "POST",
      url: "/public/contact",
      payload: { ...message, name: "Soft Bounce" },
    });
    smtp.refuseWith = 451;
    await app.outbox.drain();
    const soft = await db()
      .handle.db.selectFrom("outbox")
      .selectAll()
      .where("message", "like", "%Soft Bounce%")
      .executeTakeFirstOrThrow();
    expect(soft).toMatchObject({ status: "pending", attempts: 1 });
    smtp.refuseWith = 550;
    state.now += 15_000;
    await app.outbox.drain();
    const hard = await db()
      .handle.db.selectFrom("outbox")
      .selectAll()
      .where("id", "=", soft.id)
      .executeTakeFirstOrThrow();
    expect(hard.status).toBe("failed");
    expect(hard.last_error).toMatch(/^The mail server refused the message/);
    await app.close();
  });

  it("gives up after a day of failures", async () => {
    const port = await freeLoopbackPort();
    const { state, ctx } = clock(3_000_000);
    const transport = loopbackSmtpTransport(port, "no-reply@upwatch.example");
    const app = await buildTestApp(db(), {
      ctx,
      mailTransport: transport,
      env: { FORMS_RATE_LIMIT: "0" },
    });
    await app.inject({
      method: "POST",
      url: "/public/contact",
      payload: { ...message, name: "Never Delivered" },
    });
    await app.outbox.drain();
    state.now += 24 * 60 * 60_000;
    await app.outbox.drain();
    const row = await db()
      .handle.db.selectFrom("outbox")
      .selectAll()
      .where("message", "like", "%Never Delivered%")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
    await app.close();
  });

  it("sends mail left pending by a stopped server after a restart", async () => {
    const first = await buildTestApp(db(), { env: { FORMS_RATE_LIMIT: "0" } });
    await first.inject({
      method: "POST",
      url: "/public/contact",
      payload: { ...message, name: "Before Restart" },
    });
    await first.close();

    smtp = await startSmtpSink();
    const handle = db().reopen();
    const restarted = await buildTestApp(
      { ...db(), handle },
      {
        startOutboxWorker: true,
        mailTransport: loopbackSmtpTransport(smtp.port, "no-reply@upwatch.example"),
      },
    );
    await expect
      .poll(() => smtp?.received.some((m) => m.subject?.includes("Before Restart")), {
        timeout: 10_000,
      })
      .toBe(true);
    await restarted.close();
    await handle.close();
    expect((await outboxRow("contact-notification")).status).toBe("sent");
  });

  it("never sends one mail twice when two servers drain the same outbox", async () => {
    smtp = await startSmtpSink();
    const transport = () => loopbackSmtpTransport(smtp!.port, "no-reply@upwatch.example");
    const a = await buildTestApp(db(), {
      mailTransport: transport(),
      env: { FORMS_RATE_LIMIT: "0" },
    });
    const handle = db().reopen();
    const b = await buildTestApp({ ...db(), handle }, { mailTransport: transport() });
    for (let i = 0; i < 10; i++) {
      await a.inject({
        method: "POST",
        url: "/public/contact",
        payload: { ...message, name: `Racer ${i}` },
      });
    }
    await Promise.all([a.outbox.drain(), b.outbox.drain()]);
    const racers = smtp.received.filter((m) => m.subject?.includes("Racer"));
    expect(racers).toHaveLength(10);
    expect(new Set(racers.map((m) => m.subject)).size).toBe(10);
    await a.close();
    await b.close();
    await handle.close();
  });
});

it("writes mail as .eml files when no SMTP server is configured", async () => {
  const dir = mkdtempSync(join(tmpdir(), "upwatch-outbox-"));
  const transport = fileTransport(dir, "Upwatch <no-reply@upwatch.example>");
  await transport.send(
    { to: "help@upwatch.example", subject: "Parked", text: "Kept on disk." },
    "mail_test1",
  );
  const files = readdirSync(dir);
  expect(files).toEqual(["mail_test1.eml"]);
  const eml = readFileSync(join(dir, files[0]!), "utf8");
  expect(eml).toContain("Subject: Parked");
  expect(eml).toContain("Kept on disk.");
  await transport.close();
});
