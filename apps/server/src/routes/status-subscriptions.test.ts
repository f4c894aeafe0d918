import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { insertStatusPage } from "../../test/status-incident-pages.ts";
import { STATUS_SUBSCRIBE_MESSAGE } from "./status-subscriptions.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
type Page = Awaited<ReturnType<typeof insertStatusPage>>;

let addressCounter = 0;
/** Each test subscribes from its own client address, so the per-address limit stays its own. */
const nextAddress = () =>
  `127.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

describeEachDatabase("status page subscriptions by mail", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let account: Account;
  let remoteAddress: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      env: { PUBLIC_URL: "https://upwatch.example", API_URL: "https://api.upwatch.example" },
      mailTransport: loopbackSmtpTransport(smtp.port),
    });
    account = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    remoteAddress = nextAddress();
  });

  const newPage = () => insertStatusPage(db().handle.db, account.accountId, ["API"]);
  const setPlan = (plan: string) =>
    db()
      .handle.db.updateTable("accounts")
      .set({ plan })
      .where("id", "=", account.accountId)
      .execute();
  const subscribe = (page: Page, email: string, from = remoteAddress) =>
    app.inject({
      method: "POST",
      url: `/status/${page.slug}/subscribe`,
      payload: { email },
      remoteAddress: from,
    });
  const linkIn = (mail: ParsedMail | undefined, page: Page, purpose: string) => {
    const match = mail?.text?.match(
      new RegExp(
        `https://upwatch\\.example(/status/${page.slug}/subscription/${purpose}\\?token=[\\w.-]+)`,
      ),
    );
    if (!match?.[1]) throw new Error(`No ${purpose} link in: ${mail?.text}`);
    return match[1];
  };
  const header = (mail: ParsedMail | undefined, name: string) =>
    mail?.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ");
  const expectOneClickHeaders = (mail: ParsedMail | undefined, page: Page) => {
    expect(header(mail, "list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(header(mail, "list-unsubscribe")).toMatch(
      new RegExp(
        `^List-Unsubscribe: <https://upwatch\\.example/status/${page.slug}/subscription/unsubscribe\\?token=[\\w.-]+>$`,
      ),
    );
  };
  const subscriberRows = (page: Page) =>
    db()
      .handle.db.selectFrom("status_subscribers")
      .select(["email", "status"])
      .where("page_id", "=", page.id)
      .execute();
  const deliver = async () => {
    await app.statusNotices?.fanOut();
    await app.outbox.drain();
  };
  const confirmFromMail = async (page: Page, email: string) => {
    await subscribe(page, email);
    await app.outbox.drain();
    const mail = smtp.received.find((m) => m.to && JSON.stringify(m.to).includes(email));
    const confirmed = await app.inject({ method: "GET", url: linkIn(mail, page, "confirm") });
    expect(confirmed.statusCode).toBe(200);
    smtp.received.length = 0;
  };
  const postIncident = (page: Page, stage: string, incidentId?: string) =>
    app.inject({
      method: "POST",
      url: incidentId
        ? `/api/v1/status-pages/${page.id}/incidents/${incidentId}/updates`
        : `/api/v1/status-pages/${page.id}/incidents`,
      headers: account.headers,
      payload: incidentId
        ? { stage, message: "Payments work again." }
        : { title: "Checkout errors", stage, message: "Payments <fail>." },
    });

  it("sends a confirmation with one-click unsubscribe headers and confirms from its link", async () => {
    const page = await newPage();
    const response = await subscribe(page, "Ada@Example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: STATUS_SUBSCRIBE_MESSAGE });
    expect(await subscriberRows(page)).toEqual([{ email: "Ada@Example.com", status: "pending" }]);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.subject).toBe(`Confirm your subscription to ${page.name} status updates`);
    expectOneClickHeaders(mail, page);
    const confirmed = await app.inject({ method: "GET", url: linkIn(mail, page, "confirm") });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Subscription confirmed");
    expect(confirmed.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(await subscriberRows(page)).toEqual([{ email: "Ada@Example.com", status: "confirmed" }]);
  });

  it("mails confirmed subscribers an opened incident and its resolution, each with one-click unsubscribe", async () => {
    const page = await newPage();
    await confirmFromMail(page, "ops@example.com");
    await subscribe(page, "pending@example.com");
    await app.outbox.drain();
    smtp.received.length = 0;
    const opened = await postIncident(page, "investigating");
    expect(opened.statusCode).toBe(201);
    await deliver();
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `[${page.name}] Incident: Checkout errors`,
    ]);
    const mail = smtp.received[0];
    expect(JSON.stringify(mail?.to)).toContain("ops@example.com");
    expect(mail?.text).toContain("Investigating: Payments <fail>.");
    expectOneClickHeaders(mail, page);
    await postIncident(page, "monitoring", opened.json().id);
    await deliver();
    expect(smtp.received[1]?.text).toContain("Monitoring: Payments work again.");
    expectOneClickHeaders(smtp.received[1], page);
    await postIncident(page, "resolved", opened.json().id);
    await deliver();
    await deliver();
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `[${page.name}] Incident: Checkout errors`,
      `[${page.name}] Update: Checkout errors`,
      `[${page.name}] Resolved: Checkout errors`,
    ]);
  });

  it("unsubscribes in one click from the mail's header, after which no more mail arrives", async () => {
    const page = await newPage();
    await confirmFromMail(page, "leave@example.com");
    const { id } = (await postIncident(page, "investigating")).json();
    await deliver();
    const unsubscribeUrl = header(smtp.received[0], "list-unsubscribe")?.match(
      /<https:\/\/upwatch\.example([^>]+)>/,
    )?.[1];
    expect(unsubscribeUrl).toBeDefined();
    const ask = await app.inject({ method: "GET", url: unsubscribeUrl as string });
    expect(ask.body).toContain('<button type="submit">Unsubscribe</button>');
    const oneClick = await app.inject({
      method: "POST",
      url: unsubscribeUrl as string,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain("You are unsubscribed");
    expect(await subscriberRows(page)).toEqual([
      { email: "leave@example.com", status: "unsubscribed" },
    ]);
    smtp.received.length = 0;
    await postIncident(page, "identified", id);
    await deliver();
    expect(smtp.received).toHaveLength(0);
  });

  it("mails a scheduled maintenance window with its times and components", async () => {
    const page = await newPage();
    await confirmFromMail(page, "maint@example.com");
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await app.inject({
      method: "POST",
      url: `/api/v1/status-pages/${page.id}/maintenances`,
      headers: account.headers,
      payload: {
        title: "Database upgrade",
        message: "Writes pause briefly.",
        starts_at: `${day}T03:00:00Z`,
        ends_at: `${day}T04:00:00Z`,
        component_ids: page.componentIds,
      },
    });
    expect(created.statusCode).toBe(201);
    await deliver();
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `[${page.name}] Scheduled maintenance: Database upgrade`,
    ]);
    expect(smtp.received[0]?.text).toContain(`Window: ${day} 03:00 UTC to ${day} 04:00 UTC`);
    expect(smtp.received[0]?.text).toContain("- API");
    expectOneClickHeaders(smtp.received[0], page);
  });

  it("sends a fresh confirmation when an unsubscribed address subscribes again", async () => {
    const page = await newPage();
    await subscribe(page, "back@example.com");
    await app.outbox.drain();
    const unsubscribe = linkIn(smtp.received[0], page, "unsubscribe");
    await app.inject({ method: "POST", url: unsubscribe });
    expect(await subscriberRows(page)).toEqual([
      { email: "back@example.com", status: "unsubscribed" },
    ]);
    await subscribe(page, "back@example.com");
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(2);
    expect(await subscriberRows(page)).toEqual([{ email: "back@example.com", status: "pending" }]);
  });

  it("refuses a forged token", async () => {
    const page = await newPage();
    await subscribe(page, "forge@example.com");
    await app.outbox.drain();
    const confirm = linkIn(smtp.received[0], page, "confirm");
    const forged = await app.inject({ method: "GET", url: `${confirm.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("This link is not valid.");
    const unsubscribe = linkIn(smtp.received[0], page, "unsubscribe");
    const oneClick = await app.inject({ method: "POST", url: `${unsubscribe.slice(0, -3)}abc` });
    expect(oneClick.statusCode).toBe(400);
    expect(await subscriberRows(page)).toEqual([{ email: "forge@example.com", status: "pending" }]);
  });

  it("keeps the links of mail sent before the page's slug changed working", async () => {
    const page = await newPage();
    await subscribe(page, "moved@example.com");
    await app.outbox.drain();
    const confirm = linkIn(smtp.received[0], page, "confirm");
    const unsubscribe = linkIn(smtp.received[0], page, "unsubscribe");
    const slug = `${page.slug}-renamed`;
    const renamed = await app.inject({
      method: "PATCH",
      url: `/api/v1/status-pages/${page.id}`,
      headers: account.headers,
      payload: { slug },
    });
    expect(renamed.statusCode).toBe(200);
    const confirmed = await app.inject({ method: "GET", url: confirm });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(`href="/status/${slug}"`);
    expect(await subscriberRows(page)).toEqual([
      { email: "moved@example.com", status: "confirmed" },
    ]);
    const left = await app.inject({ method: "POST", url: unsubscribe });
    expect(left.statusCode).toBe(200);
    expect(await subscriberRows(page)).toEqual([
      { email: "moved@example.com", status: "unsubscribed" },
    ]);
  });

  it("tells an address the account removed that it is unsubscribed, by link and by one click", async () => {
    const page = await newPage();
    await subscribe(page, "removed@example.com");
    await app.outbox.drain();
    const unsubscribe = linkIn(smtp.received[0], page, "unsubscribe");
    await db().handle.db.deleteFrom("status_subscribers").where("page_id", "=", page.id).execute();
    for (const method of ["GET", "POST"] as const) {
      const response = await app.inject({ method, url: unsubscribe });
      expect(response.statusCode, method).toBe(200);
      expect(response.body, method).toContain("You are unsubscribed");
    }
  });

  it("shows the status page's name on its subscription answers, and no product name when white-label on a plan that has it", async () => {
    const page = await newPage();
    const form = (email: string) =>
      app.inject({
        method: "POST",
        url: `/status/${page.slug}/subscribe`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `email=${encodeURIComponent(email)}`,
        remoteAddress,
      });
    const branded = await form("brand@example.com");
    expect(branded.statusCode).toBe(200);
    expect(branded.body).toContain(`<a href="/status/${page.slug}">${page.name}</a>`);
    expect(branded.body).toContain("<title>Almost there | Upwatch</title>");
    await db()
      .handle.db.updateTable("status_pages")
      .set({ white_label: 1 })
      .where("id", "=", page.id)
      .execute();
    // White-label is an Enterprise+ setting: on this account's plan the page stays branded.
    const held = await form("held@example.com");
    expect(held.body).toContain("<title>Almost there | Upwatch</title>");
    await setPlan("enterprise");
    let unsubscribe: string;
    try {
      const plain = await form("plain@example.com");
      expect(plain.body).toContain(`<a href="/status/${page.slug}">${page.name}</a>`);
      expect(plain.body).toContain(`<title>Almost there | ${page.name}</title>`);
      expect(plain.body).not.toContain("Upwatch");
      expect(plain.body).not.toContain("favicon");
      await app.outbox.drain();
      unsubscribe = linkIn(smtp.received.at(-1), page, "unsubscribe");
      const ask = await app.inject({ method: "GET", url: unsubscribe });
      expect(ask.body).toContain(page.name);
      expect(ask.body).not.toContain("Upwatch");
    } finally {
      await setPlan("hobby");
    }
    expect((await app.inject({ method: "GET", url: unsubscribe })).body).toContain("Upwatch");
  });

  it("answers a subscription to an address no page can have as an unknown page", async () => {
    for (const slug of ["%00", "a%00b", "x".repeat(80)]) {
      const response = await app.inject({
        method: "POST",
        url: `/status/${slug}/subscribe`,
        payload: { email: "nul@example.com" },
        remoteAddress,
      });
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().detail, slug).toBe("There is no status page at this address.");
    }
  });

  it("does not send a second confirmation to one address within ten minutes", async () => {
    const page = await newPage();
    await subscribe(page, "twice@example.com");
    expect((await subscribe(page, "TWICE@example.com")).statusCode).toBe(200);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(await subscriberRows(page)).toHaveLength(1);
  });

  it("keeps the same address on two pages as two separate subscriptions", async () => {
    const first = await newPage();
    const second = await newPage();
    await subscribe(first, "both@example.com");
    await subscribe(second, "both@example.com");
    await app.outbox.drain();
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(
      [first, second].map((p) => `Confirm your subscription to ${p.name} status updates`).sort(),
    );
    expect(await subscriberRows(first)).toHaveLength(1);
    expect(await subscriberRows(second)).toHaveLength(1);
  });

  it("answers a plain form post with a page, and refuses a bad address and an unknown page", async () => {
    const page = await newPage();
    const form = await app.inject({
      method: "POST",
      url: `/status/${page.slug}/subscribe`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=form%40example.com",
      remoteAddress,
    });
    expect(form.statusCode).toBe(200);
    expect(form.headers["content-type"]).toContain("text/html");
    expect(form.body).toContain(STATUS_SUBSCRIBE_MESSAGE);
    const bad = await subscribe(page, "not-an-address");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual(expect.any(String));
    const unknown = await app.inject({
      method: "POST",
      url: "/status/no-such-page/subscribe",
      payload: { email: "x@example.com" },
      remoteAddress,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "There is no status page at this address." });
  });

  it("limits subscriptions to 10 per client address in ten minutes", async () => {
    const page = await newPage();
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribe(page, `many-${i}@example.com`)).statusCode).toBe(200);
    }
    const refused = await subscribe(page, "eleventh@example.com");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Too many subscriptions from your address\. Please try again in \d+ minutes?\.$/,
    );
    expect(await subscriberRows(page)).toHaveLength(10);
  });

  it("limits subscriptions to 100 per page in ten minutes, from any addresses", async () => {
    const page = await newPage();
    for (let i = 0; i < 100; i += 1) {
      expect((await subscribe(page, `crowd-${i}@example.com`, nextAddress())).statusCode).toBe(200);
    }
    const refused = await subscribe(page, "late@example.com", nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^This status page has had too many subscriptions just now\./,
    );
  });
});
