import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { callApi } from "../../test/api-call.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { checkRecord } from "../../test/monitors.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { storeCheckBatch } from "../check-intake/store-checks.ts";
import { createApiKey } from "../services/api-keys/create-api-key.ts";
import { createServiceContext } from "../services/context.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2030, 5, 15, 12, 10);
const PUBLIC = "https://upwatch.example";

describeEachDatabase("a monitor's public badges", (db) => {
  let app: FastifyInstance;
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => NOW });
  beforeAll(async () => {
    app = await buildTestApp(db(), { ctx: ctx(), env: { PUBLIC_URL: PUBLIC } });
  });
  afterAll(async () => {
    await app.close();
  });
  const fetchBadge = (url: string) => app.inject({ method: "GET", url: url.replace(PUBLIC, "") });
  const newMonitor = async (plan: "free" | "business" = "free") => {
    const account = await createTestAccount(db(), plan, ctx());
    const created = await callApi(app, "POST", "/monitors", account, {
      type: "http",
      name: "Secret internal name",
      target: "https://example.com/",
    });
    return { account, id: created.body.id as string };
  };

  it("are off until switched on, and then each kind draws its figure", async () => {
    const { account, id } = await newMonitor();
    expect(await callApi(app, "GET", `/monitors/${id}/badges`, account)).toEqual({
      status: 200,
      body: { enabled: false, urls: null },
    });
    await storeCheckBatch(ctx().db, [
      checkRecord(id, NOW - 20 * DAY, false, 900),
      checkRecord(id, NOW - 2 * HOUR, true, 100),
      checkRecord(id, NOW - HOUR, true, 300),
    ]);
    const on = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    expect(on.status).toBe(200);
    const urls = on.body.urls as Record<string, string>;
    expect(Object.keys(urls)).toEqual([
      "status",
      "uptime_24h",
      "uptime_7d",
      "uptime_30d",
      "response_time",
    ]);
    const key = /\/badges\/([^/]+)\/status\.svg$/.exec(urls.status!)![1]!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(urls.status).not.toContain(id);
    const stored = await ctx()
      .db.selectFrom("monitor_badges")
      .selectAll()
      .where("monitor_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(stored.key_sealed).toMatch(/^enc:v1:/);
    expect(stored.key_sealed).not.toContain(key);

    const status = await fetchBadge(urls.status!);
    expect(status.statusCode).toBe(200);
    expect(status.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(status.headers["cache-control"]).toBe("public, max-age=60, s-maxage=60");
    expect(status.body).toContain("<title>status: up</title>");
    expect(status.body).toContain('rx="3"');
    expect(status.body).not.toContain("Secret internal name");
    expect((await fetchBadge(urls.uptime_24h!)).body).toContain("<title>uptime 24h: 100%</title>");
    expect((await fetchBadge(urls.uptime_30d!)).body).toContain(
      "<title>uptime 30d: 66.66%</title>",
    );
    expect((await fetchBadge(urls.response_time!)).body).toContain(
      "<title>response time: 200 ms</title>",
    );
  });

  it("take a label and the flat-square style, escaped and limited", async () => {
    const { account, id } = await newMonitor();
    const on = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    const url = on.body.urls.status as string;
    const custom = await fetchBadge(
      `${url}?label=${encodeURIComponent("<b>API</b> & co")}&style=flat-square`,
    );
    expect(custom.statusCode).toBe(200);
    expect(custom.body).toContain("&lt;b&gt;API&lt;/b&gt; &amp; co");
    expect(custom.body).not.toContain("<b>");
    expect(custom.body).not.toContain('rx="3"');
    expect(custom.body).toContain("<title>&lt;b&gt;API&lt;/b&gt; &amp; co: pending</title>");

    const long = await fetchBadge(`${url}?label=${"a".repeat(41)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ detail: "The label must have from 1 to 40 characters." });
    const style = await fetchBadge(`${url}?style=plastic`);
    expect(style.json()).toEqual({ detail: "The style must be one of flat or flat-square." });
  });

  it("answer the same bare 404 for an unknown key, an unknown kind and switched-off badges", async () => {
    const { account, id } = await newMonitor();
    const on = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    const url = on.body.urls.uptime_7d as string;
    const off = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: false });
    expect(off.body).toEqual({ enabled: false, urls: null });
    const answers = [
      await fetchBadge(url),
      await fetchBadge(`/badges/${"A".repeat(32)}/status.svg`),
      await fetchBadge("/badges/short/status.svg"),
      await fetchBadge(url.replace("uptime-7d.svg", "secret.svg")),
      await fetchBadge(`/badges/${id}/status.svg`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: "There is no badge at this address." });
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    const again = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    expect(again.body.urls.uptime_7d).not.toBe(url);
  });

  it("get new addresses on request, and the old ones stop at once", async () => {
    const { account, id } = await newMonitor();
    const refused = await callApi(app, "POST", `/monitors/${id}/badges/key`, account);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/badges are off/);
    const on = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    const renewed = await callApi(app, "POST", `/monitors/${id}/badges/key`, account);
    expect(renewed.status).toBe(200);
    expect(renewed.body.urls.status).not.toBe(on.body.urls.status);
    expect((await fetchBadge(on.body.urls.status)).statusCode).toBe(404);
    expect((await fetchBadge(renewed.body.urls.status)).statusCode).toBe(200);
  });

  it("are switched by those who manage monitors; read-only keys and other accounts cannot", async () => {
    const { account, id } = await newMonitor("business");
    const readOnly = await createApiKey(ctx(), account.accountId, "Reader", { scope: "read" });
    const reader = { headers: { authorization: `Bearer ${readOnly.key}` } };
    const refused = await callApi(app, "PUT", `/monitors/${id}/badges`, reader, { enabled: true });
    expect(refused.status).toBe(403);
    const other = await createTestAccount(db(), "free", ctx());
    const foreign = await callApi(app, "PUT", `/monitors/${id}/badges`, other, { enabled: true });
    expect(foreign.status).toBe(404);
    const bad = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/enabled must be true or false/);

    await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    const log = await callApi(app, "GET", "/audit-log", account);
    const actions = (log.body.data as Array<{ action: string; target: { id: string } }>)
      .filter((event) => event.target?.id === id)
      .map((event) => event.action);
    expect(actions).toContain("monitor.badges_enabled");
  });

  it("slow down an address that keeps asking for badges that do not exist, and only that address", async () => {
    const guess = (remoteAddress: string) =>
      app.inject({
        method: "GET",
        url: `/badges/${"G".repeat(32)}/status.svg`,
        remoteAddress,
      });
    for (let attempt = 0; attempt < 60; attempt++) {
      expect((await guess("127.0.0.9")).statusCode).toBe(404);
    }
    const refused = await guess("127.0.0.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/more than 60 unknown badges in a minute/);
    expect((await guess("127.0.0.10")).statusCode).toBe(404);
  });

  it("go with their monitor when it is deleted", async () => {
    const { account, id } = await newMonitor();
    const on = await callApi(app, "PUT", `/monitors/${id}/badges`, account, { enabled: true });
    await callApi(app, "DELETE", `/monitors/${id}`, account);
    expect((await fetchBadge(on.body.urls.status)).statusCode).toBe(404);
  });
});
