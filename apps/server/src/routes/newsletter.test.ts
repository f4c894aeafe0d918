import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { SUBSCRIBE_SUCCESS_MESSAGE } from "./newsletter.ts";

describeEachDatabase("the newsletter", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      env: { FORMS_RATE_LIMIT: "0", PUBLIC_URL: "https://upwatch.example" },
      mailTransport: loopbackSmtpTransport(smtp.port),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const subscribe = (email: string) =>
    app.inject({ method: "POST", url: "/email-subscriptions/subscribe", payload: { email } });
  const rowsFor = (email: string) =>
    db()
      .handle.db.selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email_key", "=", email.toLowerCase())
      .execute();
  const linkIn = (text: string | undefined, purpose: string) => {
    const match = text?.match(
      new RegExp(`https://upwatch\\.example(/email-subscriptions/${purpose}\\?token=[\\w.-]+)`),
    );
    if (!match?.[1]) throw new Error(`No ${purpose} link in: ${text}`);
    return match[1];
  };

  it("stores the address as pending and sends a confirmation with one-click unsubscribe headers", async () => {
    const response = await subscribe("Lin@Example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUBSCRIBE_SUCCESS_MESSAGE });
    expect(await rowsFor("lin@example.com")).toMatchObject([
      { email: "Lin@Example.com", status: "pending" },
    ]);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe("Confirm your subscription to the Upwatch newsletter");
    const header = (name: string) =>
      mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(header("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <https:\/\/upwatch\.example\/email-subscriptions\/unsubscribe\?token=[\w.-]+>$/,
    );
    linkIn(mail.text, "confirm");
  });

  it("treats subscribing again in another letter case as success without a second row or mail", async () => {
    await subscribe("dup@example.com");
    const again = await subscribe("DUP@EXAMPLE.COM");
    expect(again.statusCode).toBe(200);
    expect(await rowsFor("dup@example.com")).toHaveLength(1);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
  });

  it("confirms the address when the link in the mail is opened, and refuses a forged link", async () => {
    await subscribe("confirm@example.com");
    await app.outbox.drain();
    const confirm = linkIn(smtp.received[0]?.text, "confirm");
    const page = await app.inject({ method: "GET", url: confirm });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Subscription confirmed");
    expect(await rowsFor("confirm@example.com")).toMatchObject([{ status: "confirmed" }]);
    const forged = await app.inject({ method: "GET", url: `${confirm.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("This link is not valid.");
    expect((await subscribe("confirm@example.com")).statusCode).toBe(200);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
  });

  it("asks before unsubscribing on GET and unsubscribes on POST, including one-click", async () => {
    await subscribe("leave@example.com");
    await app.outbox.drain();
    const unsubscribe = linkIn(smtp.received[0]?.text, "unsubscribe");
    const ask = await app.inject({ method: "GET", url: unsubscribe });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await rowsFor("leave@example.com")).toMatchObject([{ status: "pending" }]);
    const oneClick = await app.inject({
      method: "POST",
      url: unsubscribe,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain("You are unsubscribed");
    expect(await rowsFor("leave@example.com")).toMatchObject([{ status: "unsubscribed" }]);
  });

  it("sends a fresh confirmation when an unsubscribed address subscribes again", async () => {
    await subscribe("back@example.com");
    await app.outbox.drain();
    const unsubscribe = linkIn(smtp.received[0]?.text, "unsubscribe");
    await app.inject({ method: "POST", url: unsubscribe });
    await subscribe("back@example.com");
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(2);
    expect(await rowsFor("back@example.com")).toMatchObject([{ status: "pending" }]);
  });

  it("refuses an address without an @ with the site's message", async () => {
    const response = await subscribe("not-an-address");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Please enter a valid email address." });
  });
});
