import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SITE_CONFIG_JSON_TOKEN } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { type AppWithMail, startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, type TestSession, uniqueEmail } from "../../../test/sessions.ts";
import { invitationTokenFor, invite } from "../../../test/team.ts";

const INVITE_ONLY =
  "This server takes new sign-ups by invitation only; ask an owner or admin of the account you want to join to invite you, then open the link in the invitation mail.";

/** A small web build: the hosted home, contact and pricing pages, a help-centre article, the app. */
function writeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "upwatch-self-hosted-web-"));
  const page = (path: string, title: string) => {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, "index.html"), `<html><body><h1>${title}</h1></body></html>`);
  };
  writeFileSync(join(dir, "index.html"), "<html><body><h1>Uptime monitoring</h1></body></html>");
  page("contact", "Contact sales");
  page("privacy", "Privacy");
  page("knowledge-base/pricing", "Pricing");
  page("knowledge-base/tcp-monitoring", "TCP monitoring");
  page("404", "Page not found");
  writeFileSync(join(dir, "sitemap.xml"), "<urlset></urlset>");
  writeFileSync(
    join(dir, "__spa-fallback.html"),
    `<html><head><script type="application/json">${SITE_CONFIG_JSON_TOKEN}</script></head><body></body></html>`,
  );
  return dir;
}

describeEachDatabase("the self-hosted edition (EDITION=self-hosted)", (db) => {
  let server: AppWithMail;
  let app: FastifyInstance;
  let owner: TestSession;
  let webDir: string;
  let site: FastifyInstance;
  beforeAll(async () => {
    server = await startAppWithMail(db(), Date.now, {
      EDITION: "self-hosted",
      PUBLIC_URL: "https://monitoring.lan.example",
      LOCAL_REGION_NAME: "Office",
    });
    app = server.app;
    webDir = writeWebBuild();
    site = await buildTestApp(db(), { env: { EDITION: "self-hosted" }, webClientDir: webDir });
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const api = (method: "GET" | "POST", url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, headers: owner.headers, payload: payload as never });
  const registrationNow = async () =>
    (await app.inject({ method: "GET", url: "/api/v1/auth/registration" })).json().registration;

  it("takes the first person's registration, and after it only invited people", async () => {
    expect(await registrationNow()).toBe("open");
    owner = await registerUser(app, uniqueEmail("operator"));
    expect(await registrationNow()).toBe("invite-only");
    const second = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email: uniqueEmail("stranger"), password: "a long enough password" },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ detail: INVITE_ONLY });
  });

  it("gives the first account every feature, beyond every limit of the plans on sale", async () => {
    const account = (await api("GET", "/account")).json();
    expect(account.plan).toBe("self-hosted");
    expect(account.limits).toMatchObject({
      monitors: null,
      agents: null,
      all_check_types: true,
      api_requests_per_hour: null,
    });
    const monitors = [
      { type: "tcp", name: "Database", target: "127.0.0.1:5432", interval_seconds: 30 },
      { type: "dns", name: "Resolver", target: "intranet.lan.example" },
      { type: "ssl", name: "Certificate", target: "intranet.lan.example" },
      { type: "ping", name: "Router", target: "127.0.0.1" },
    ];
    // More monitors than Free's 10, on every check type, every 30 seconds where asked.
    for (let index = 0; index < 8; index += 1) {
      monitors.push({
        type: "http",
        name: `Service ${index}`,
        target: `http://127.0.0.1:${8000 + index}/health`,
      });
    }
    for (const monitor of monitors) {
      const created = await api("POST", "/monitors", monitor);
      expect(created.statusCode, `${monitor.type}: ${created.body}`).toBe(201);
    }
    const channels = [
      { type: "slack", config: { url: "http://127.0.0.1:9001/services/T0/B0/XYZ" } },
      { type: "webhook", config: { url: "http://127.0.0.1:9000/alerts" } },
    ];
    for (const channel of channels) {
      const created = await api("POST", "/channels", channel);
      expect(created.statusCode, `${channel.type}: ${created.body}`).toBe(201);
    }
    const page = await api("POST", "/status-pages", { name: "Home lab", slug: "home-lab" });
    expect(page.statusCode, page.body).toBe(201);
    const agent = await api("POST", "/agents", { name: "nas", os: "linux" });
    expect(agent.statusCode, agent.body).toBe(201);
    const role = await api("POST", "/roles", {
      name: "On call",
      permissions: ["alerts.respond"],
    });
    expect(role.statusCode, role.body).toBe(201);
    expect((await api("GET", "/audit-log")).statusCode).toBe(200);
  });

  it("calls the server's own region by the name the operator gave it", async () => {
    const regions = (await api("GET", "/regions")).json().regions as {
      local: boolean;
      location: string;
    }[];
    expect(regions.find((region) => region.local)?.location).toBe("Office");
    expect(
      regions.filter((region) => !region.local).map((region) => region.location),
    ).not.toContain("Office");
  });

  it("invites more people with links on PUBLIC_URL, and they join without registering", async () => {
    const email = uniqueEmail("colleague");
    const invited = await invite(app, owner, email, "member");
    expect(invited.statusCode, invited.body).toBe(201);
    await app.outbox.drain();
    const mail = server.smtp.received.find((message) => JSON.stringify(message.to).includes(email));
    expect(mail?.text).toContain("https://monitoring.lan.example/app/invitations/");
    const joined = await app.inject({
      method: "POST",
      url: `/api/v1/invitations/by-token/${invitationTokenFor(server.smtp, email)}/register`,
      payload: { password: "a long enough password" },
    });
    expect(joined.statusCode, joined.body).toBe(201);
  });

  it("opens the app at / and has no home, shop, contact or legal pages, but keeps the help centre", async () => {
    const home = await site.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe("/app");
    for (const url of ["/contact", "/privacy", "/knowledge-base/pricing", "/sitemap.xml"]) {
      const answer = await site.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toContain("Page not found");
    }
    const article = await site.inject({ method: "GET", url: "/knowledge-base/tcp-monitoring" });
    expect(article.statusCode).toBe(200);
    const appPage = await site.inject({ method: "GET", url: "/app/login" });
    expect(appPage.body).toContain('"edition":"self-hosted"');
    expect(appPage.body).toContain('"registration":"first-account"');
  });
});

describeEachDatabase("two first registrations at once under REGISTRATION=first-account", (db) => {
  let server: AppWithMail;
  beforeAll(async () => {
    server = await startAppWithMail(db(), Date.now, { REGISTRATION: "first-account" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("makes exactly one of them the server's owner and refuses the others with a sentence", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        server.app.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: { email: uniqueEmail(`first-${index}`), password: "a long enough password" },
        }),
      ),
    );
    const statuses = attempts.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403]);
    for (const refused of attempts.filter((answer) => answer.statusCode === 403)) {
      expect(refused.json()).toEqual({ detail: INVITE_ONLY });
    }
    const accounts = await db().handle.db.selectFrom("accounts").select("id").execute();
    expect(accounts).toHaveLength(1);
  });
});
