import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AlertingHarness, createAlertingHarness } from "../../../test/alerting.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;

/** Ids, keys and tokens are random: each becomes a numbered placeholder, in order of appearance. */
function normalise(text: string, seen: Map<string, string>): string {
  return text
    .replace(/"csrf_token":"[^"]+"/g, '"csrf_token":"<token>"')
    .replace(/"name":"Test hobby \d+"/g, '"name":"Test hobby"')
    .replace(/owner-\d+-\d+@example\.com|user-[^"@]+@example\.com/g, "<email>")
    .replace(
      /\b(?:uw|uwa|whsec|acc|agt|alt|arl|chg|chn|dep|dlv|grp|inc|key|mon|usr)_[A-Za-z0-9_-]{8,}/g,
      (id) => {
        if (!seen.has(id)) seen.set(id, `<id${seen.size + 1}>`);
        return seen.get(id)!;
      },
    );
}

type Call = (
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  body?: object,
) => Promise<{ id: string; agent: { id: string } } | undefined>;

/** The agents' answers: refused on Hobby, then added, shown, given a rule and a dependency. */
async function agentAnswers(call: Call, monitorId: string, upgrade: () => Promise<unknown>) {
  await call("POST", "/agents", { name: "db-primary", os: "linux" });
  await upgrade();
  const created = await call("POST", "/agents", { name: "db-primary", os: "linux" });
  const agentId = created!.agent.id;
  await call("GET", "/agents");
  await call("GET", `/agents/${agentId}`);
  await call("PATCH", `/agents/${agentId}`, { offline_after_minutes: 61 });
  await call("POST", `/agents/${agentId}/alert-rules`, { kind: "disk", disks: ["/", "/var"] });
  await call("GET", `/agents/${agentId}/alert-rules`);
  await call("POST", "/dependencies", { child_agent_id: agentId, parent_monitor_id: monitorId });
}

describeEachDatabase("the API's answers as text", (db) => {
  let app: FastifyInstance;
  let h: AlertingHarness;

  beforeAll(async () => {
    h = await createAlertingHarness(db(), "hobby");
    let next = 0;
    // Ordered ids, so lists sorted by id come out in the same order on every run.
    h.ctx.newId = (prefix) => `${prefix}_${String(++next).padStart(16, "0")}`;
    app = await buildTestApp(db(), { ctx: h.ctx });
  });
  afterAll(() => app.close());

  it("keeps every answer's keys, their order and their values", async () => {
    const seen = new Map<string, string>();
    const lines: string[] = [];
    const call = async (method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: object) => {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: h.account.headers,
        ...(body ? { payload: body } : {}),
      });
      lines.push(normalise(`${method} ${url} ${response.statusCode}`, seen));
      lines.push(normalise(response.body, seen));
      return response.body ? response.json() : undefined;
    };

    await call("GET", "/account");
    const group = await call("POST", "/groups", { name: "Production", description: "Live" });
    const monitor = await call("POST", "/monitors", {
      type: "http",
      name: "Shop",
      target: "https://shop.example.com/",
      group_ids: [group.id],
      options: { headers: { Authorization: "Bearer secret-token" }, expected_status_codes: [200] },
    });
    const parent = await h.monitor("Gateway", { failureThreshold: 1 });
    await call("GET", "/monitors");
    await call("GET", `/monitors/${monitor.id}`);
    await call("PATCH", `/monitors/${monitor.id}`, { name: "Shop front", interval_seconds: 300 });
    await call("POST", `/monitors/${monitor.id}/pause`);
    await call("POST", `/monitors/${monitor.id}/resume`);
    await h.check(parent.id, true);
    h.clock.now += MINUTE;
    await h.check(parent.id, false);
    await call("GET", "/monitors/overview");
    await call("GET", `/monitors/${parent.id}/checks?limit=1`);
    await call("GET", `/monitors/${parent.id}/checks`);
    await call("GET", `/monitors/${parent.id}/stats`);
    await call("GET", `/monitors/${parent.id}/stats?range=7d`);
    await call("GET", `/monitors/${parent.id}/region-latency?period=7d`);
    await call("GET", "/regions");
    await call("GET", `/monitors/${parent.id}/incidents`);
    const alerts = await call("GET", "/alerts");
    await call("GET", `/alerts/${alerts.data[0].id}`);
    await call("POST", `/alerts/${alerts.data[0].id}/acknowledge`);
    await call("POST", `/alerts/${alerts.data[0].id}/resolve`);
    await call("POST", "/dependencies", {
      child_monitor_id: monitor.id,
      parent_monitor_id: parent.id,
    });
    await call("GET", "/dependencies");
    const channel = await call("POST", "/channels", {
      type: "email",
      name: "On call",
      config: { address: "oncall@example.com" },
      monitor_ids: [monitor.id],
    });
    await call("GET", "/channels");
    await call("GET", `/channels/${channel.id}`);
    await call("PATCH", `/channels/${channel.id}`, { attach_to_new_monitors: true });
    await call("PUT", `/monitors/${parent.id}/channels`, { channel_ids: [channel.id] });
    await call("GET", `/monitors/${parent.id}/channels`);
    await call("PATCH", `/groups/${group.id}`, { channel_ids: [channel.id] });
    await call("POST", `/groups/${group.id}/monitors`, { monitor_ids: [parent.id] });
    await call("GET", "/groups");
    await call("GET", `/monitors/${parent.id}`);
    await call("GET", `/monitors?group=${group.id}`);
    await call("GET", "/notifications");
    await call("POST", "/api-keys", { name: "Deploys" });
    await call("GET", "/api-keys");
    await call("POST", "/monitors", { type: "http", name: "No target" });
    await call("PATCH", `/monitors/${monitor.id}`, { colour: "blue" });
    await call("GET", `/monitors/${parent.id}/checks?limit=500`);
    await call("GET", "/alerts?severity=loud");
    await call("GET", "/monitors/mon_missing");
    await call("POST", "/monitors", {
      type: "http",
      name: "Dublin",
      target: "https://example.com/",
      regions: ["eu-west-1"],
    });
    await call("GET", `/monitors/${parent.id}/region-latency?period=1y`);
    await agentAnswers(call, parent.id, () =>
      db().handle.db.updateTable("accounts").set({ plan: "business" }).execute(),
    );

    const register = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email: "reader@example.com", password: "a long enough password" },
    });
    lines.push("POST /auth/register", normalise(register.body, seen));

    await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot("./api-answers.snapshot.txt");
  });
});
