import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser } from "../../../test/sessions.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { createApiKey } from "../../services/api-keys/create-api-key.ts";
import { createServiceContext } from "../../services/context.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2030, 5, 15, 12, 10);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the text exposition format 0.0.4 strictly: every sample's metric declared first. */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  expect(text.endsWith("\n")).toBe(true);
  for (const line of text.slice(0, -1).split("\n")) {
    const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (gauge|counter|untyped)$/.exec(line);
    if (help) {
      helped.add(help[1]!);
      continue;
    }
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!sample) throw new Error(`Not a sample line: ${line}`);
    const [, name, body, value] = sample;
    if (!types.has(name!) || !helped.has(name!)) throw new Error(`Undeclared metric: ${name}`);
    samples.push({ name: name!, labels: parseLabels(body!), value: Number(value) });
  }
  return { types, samples };
}

function parseLabels(body: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = body;
  while (rest.length) {
    const head = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(rest);
    if (!head) throw new Error(`Bad label list: ${body}`);
    let at = head[0].length;
    let value = "";
    for (;;) {
      const char = rest[at];
      if (char === undefined) throw new Error(`Unterminated label value: ${body}`);
      if (char === '"') break;
      if (char === "\\") {
        const escaped = rest[at + 1];
        value += escaped === "n" ? "\n" : escaped;
        at += 2;
        continue;
      }
      if (char === "\n") throw new Error("A raw line feed inside a label value");
      value += char;
      at += 1;
    }
    labels[head[1]!] = value;
    rest = rest.slice(at + 1);
    if (rest.startsWith(",")) rest = rest.slice(1);
    else if (rest.length) throw new Error(`Bad label separator: ${body}`);
  }
  return labels;
}

describeEachDatabase("the account's monitors as Prometheus metrics", (db) => {
  let app: FastifyInstance;
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => NOW });
  beforeAll(async () => {
    app = await buildTestApp(db(), { ctx: ctx() });
  });
  afterAll(async () => {
    await app.close();
  });
  const scrape = (headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/v1/metrics/monitors", headers });

  it("gives one series per monitor and metric, with the monitor page's figures and bounded labels", async () => {
    const account = await createTestAccount(db(), "business", ctx());
    const readKey = await createApiKey(ctx(), account.accountId, "Prometheus", { scope: "read" });
    const longName = `Shop "EU" \\ front ${"x".repeat(70)}`;
    const shop = await callApi(app, "POST", "/monitors", account, {
      type: "http",
      name: longName,
      target: "https://example.com/",
    });
    expect(shop.status).toBe(201);
    const api = await callApi(app, "POST", "/monitors", account, {
      type: "http",
      name: "API",
      target: "https://api.example.com/",
    });
    const idle = await callApi(app, "POST", "/monitors", account, {
      type: "http",
      name: "Idle",
      target: "https://idle.example.com/",
    });
    await callApi(app, "POST", `/monitors/${idle.body.id}/pause`, account);
    for (const name of ["Europe", "Checkout"]) {
      await callApi(app, "POST", "/groups", account, { name, monitor_ids: [shop.body.id] });
    }
    await storeCheckBatch(ctx().db, [
      checkRecord(shop.body.id, NOW - 20 * DAY, false, 900),
      checkRecord(shop.body.id, NOW - 3 * DAY, false, 900),
      // Within the day, before its first whole half hour.
      checkRecord(shop.body.id, NOW - DAY + 5 * 60_000, true, 200),
      checkRecord(shop.body.id, NOW - 2 * HOUR, true, 100),
      checkRecord(shop.body.id, NOW - HOUR, true, 300),
      checkRecord(shop.body.id, NOW - 60_000, false, 500),
    ]);

    const response = await scrape({ authorization: `Bearer ${readKey.key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const { types, samples } = parseExposition(response.body);
    expect([...types.values()].every((type) => type === "gauge")).toBe(true);
    expect(types.size).toBe(7);
    expect(samples).toHaveLength(7 * 3);
    for (const name of types.keys()) {
      const ids = samples.filter((s) => s.name === name).map((s) => s.labels.monitor_id);
      expect(new Set(ids).size, name).toBe(3);
    }
    const of = (name: string, id: string) =>
      samples.find((s) => s.name === `upwatch_monitor_${name}` && s.labels.monitor_id === id)!;

    const shopUp = of("up", shop.body.id);
    expect(shopUp.value).toBe(0);
    expect(shopUp.labels.name).toHaveLength(64);
    expect(shopUp.labels.name?.endsWith("…")).toBe(true);
    expect(shopUp.labels.name?.startsWith('Shop "EU" \\ front xxx')).toBe(true);
    expect(shopUp.labels).toMatchObject({ type: "http", group: "Checkout,Europe" });
    expect(of("last_response_seconds", shop.body.id).value).toBe(0.5);
    expect(of("last_check_timestamp_seconds", shop.body.id).value).toBe((NOW - 60_000) / 1000);

    const stats = async (range: string) =>
      (await callApi(app, "GET", `/monitors/${shop.body.id}/stats?range=${range}`, account)).body;
    for (const range of ["24h", "7d", "30d"]) {
      const page = await stats(range);
      expect(of(`uptime_${range}_ratio`, shop.body.id).value * 100).toBeCloseTo(
        page.uptime_percent,
        2,
      );
    }
    expect(of("uptime_24h_ratio", shop.body.id).value).toBeCloseTo(3 / 4, 6);
    expect(of("uptime_7d_ratio", shop.body.id).value).toBeCloseTo(3 / 5, 6);
    expect(of("uptime_30d_ratio", shop.body.id).value).toBeCloseTo(3 / 6, 6);

    expect(of("up", api.body.id).value).toBeNaN();
    expect(of("paused", api.body.id).value).toBe(0);
    expect(of("last_check_timestamp_seconds", api.body.id).value).toBeNaN();
    expect(of("uptime_30d_ratio", api.body.id).value).toBeNaN();
    expect(of("up", idle.body.id).value).toBeNaN();
    expect(of("paused", idle.body.id).value).toBe(1);
    expect(of("up", idle.body.id).labels.group).toBe("");
  });

  it("answers a scrape with only the key's own account's monitors", async () => {
    const mine = await createTestAccount(db(), "hobby", ctx());
    const theirs = await createTestAccount(db(), "hobby", ctx());
    await callApi(app, "POST", "/monitors", theirs, {
      type: "http",
      name: "Theirs",
      target: "https://example.com/",
    });
    const { samples } = parseExposition((await scrape(mine.headers)).body);
    expect(samples).toEqual([]);
  });

  it("refuses a signed-in session and a missing or revoked key, in words", async () => {
    const user = await registerUser(app);
    const session = await scrape(user.headers);
    expect(session.statusCode).toBe(403);
    expect(session.json().detail).toMatch(/Scrape the metrics with an API key/);
    const none = await scrape({});
    expect(none.statusCode).toBe(401);
    const wrong = await scrape({ authorization: "Bearer uw_not_a_key" });
    expect(wrong.statusCode).toBe(401);
  });
});
