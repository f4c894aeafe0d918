import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { CONTACT_SUCCESS_MESSAGE } from "./contact.ts";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "My HTTPS monitor says the certificate expired, but it renews tonight.",
};

describeEachDatabase("POST /public/contact", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      env: { SUPPORT_EMAIL: "help@upwatch.example", FORMS_RATE_LIMIT: "0" },
      mailTransport: loopbackSmtpTransport(smtp.port),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const countMessages = async () =>
    Number(
      (
        await db()
          .handle.db.selectFrom("contact_messages")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("stores the message and answers 201 with the thank-you message", async () => {
    const before = await countMessages();
    const response = await app.inject({ method: "POST", url: "/public/contact", payload: valid });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_SUCCESS_MESSAGE });
    const stored = await db()
      .handle.db.selectFrom("contact_messages")
      .selectAll()
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: valid.name,
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
    });
    expect(await countMessages()).toBe(before + 1);
  });

  it("notifies the support inbox with Reply-To set to the sender", async () => {
    await app.inject({
      method: "POST",
      url: "/public/contact",
      payload: { ...valid, name: "Grace Hopper", email: "grace@example.com" },
    });
    await app.outbox.drain();
    const mail = smtp.received.find((m) => m.subject?.includes("Grace Hopper"));
    expect(mail?.to).toMatchObject({ text: "help@upwatch.example" });
    expect(mail?.replyTo?.value[0]?.address).toBe("grace@example.com");
    expect(mail?.subject).toBe("[Upwatch contact] Technical Support from Grace Hopper");
    expect(mail?.text).toContain(valid.message);
  });

  const badInputs: [string, unknown, string][] = [
    ["a missing name", { ...valid, name: "" }, "Please enter your name."],
    [
      "a malformed e-mail",
      { ...valid, email: "ada-at-example" },
      "Please enter a valid email address.",
    ],
    [
      "a subject not in the list",
      { ...valid, subject: "Hello" },
      "Please choose a subject: Technical Support, Billing Question, Feature Request, Sales Inquiry, General Question, Bug Report.",
    ],
    ["an empty message", { ...valid, message: "   " }, "Please write a message."],
    [
      "a message over 5,000 characters",
      { ...valid, message: "x".repeat(5001) },
      "Your message is too long (at most 5,000 characters).",
    ],
    [
      "a line break in the name",
      { ...valid, name: "Ada\r\nBcc: all@example.com" },
      "Your name cannot contain line breaks.",
    ],
    ["an array body", [valid], "The request body must be a JSON object."],
    [
      "a filled honeypot",
      { ...valid, website: "https://spam.example" },
      "Your message could not be accepted.",
    ],
    [
      "a form sent faster than a person types",
      { ...valid, elapsedMs: 200 },
      "That was too quick to be a person. Please wait a moment and send the form again.",
    ],
  ];
  for (const [what, payload, detail] of badInputs) {
    it(`refuses ${what} with 400, a sentence, and stores nothing`, async () => {
      const before = await countMessages();
      const response = await app.inject({
        method: "POST",
        url: "/public/contact",
        payload: payload as object,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
      expect(await countMessages()).toBe(before);
    });
  }

  it("answers malformed JSON, a wrong content type and an oversized body with a 4xx detail", async () => {
    const broken = await app.inject({
      method: "POST",
      url: "/public/contact",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: "The request body is not valid JSON." });
    const xml = await app.inject({
      method: "POST",
      url: "/public/contact",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().detail).toBe(
      "Send the request body as JSON (Content-Type: application/json).",
    );
    const huge = await app.inject({
      method: "POST",
      url: "/public/contact",
      payload: { ...valid, message: "x".repeat(70_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: "The request body is too large." });
  });

  it("answers a plain HTML form post with a result page", async () => {
    const form = new URLSearchParams({ ...valid, website: "", elapsedMs: "9000" }).toString();
    const response = await app.inject({
      method: "POST",
      url: "/public/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("We&#39;ll get back to you within 24 hours.");
    const bad = new URLSearchParams({ ...valid, email: "nope" }).toString();
    const refused = await app.inject({
      method: "POST",
      url: "/public/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: bad,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Please enter a valid email address.");
    expect(refused.body).toContain('href="/contact"');
  });
});

describeEachDatabase("abuse limits on the contact form", (db) => {
  it("answers 429 with Retry-After and a detail after the per-address limit", async () => {
    const app = await buildTestApp(db(), {
      env: { FORMS_RATE_LIMIT: "2", FORMS_RATE_WINDOW_SECONDS: "600" },
    });
    const send = (ip: string) =>
      app.inject({ method: "POST", url: "/public/contact", payload: valid, remoteAddress: ip });
    expect((await send("203.0.113.5")).statusCode).toBe(201);
    expect((await send("203.0.113.5")).statusCode).toBe(201);
    const limited = await send("203.0.113.5");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("600");
    expect(limited.json()).toEqual({
      detail: "Too many submissions from your address. Please try again in 10 minutes.",
    });
    expect((await send("203.0.113.6")).statusCode).toBe(201);
    await app.close();
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY allows it", async () => {
    for (const [trust, expected] of [
      ["false", 429],
      ["1", 201],
    ] as const) {
      const app = await buildTestApp(db(), { env: { FORMS_RATE_LIMIT: "1", TRUST_PROXY: trust } });
      const send = (forwarded: string) =>
        app.inject({
          method: "POST",
          url: "/public/contact",
          payload: valid,
          remoteAddress: "10.0.0.1",
          headers: { "x-forwarded-for": forwarded },
        });
      expect((await send("198.51.100.1")).statusCode).toBe(201);
      expect((await send("198.51.100.2")).statusCode).toBe(expected);
      await app.close();
    }
  });

  it("answers 503 with a detail when the database cannot take the message", async () => {
    const connection = db().reopen();
    const app = await buildTestApp({ ...db(), handle: connection });
    await connection.close();
    const response = await app.inject({ method: "POST", url: "/public/contact", payload: valid });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: "We could not save your message right now. Please try again in a few minutes.",
    });
    await app.close();
  });
});
