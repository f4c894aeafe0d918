import { createHash } from "node:crypto";
import type { PlanId } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { agentKeyLookupOf } from "../../services/agents/agent-key-format.ts";

type TestAccount = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("the agents API", (db) => {
  let app: FastifyInstance;
  let business: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    app = await buildTestApp(db());
    business = await createTestAccount(db(), "business");
    other = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    headers = business.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const addAgent = (name: string, headers = business.headers, extra: object = {}) =>
    call("POST", "/agents", { name, os: "linux", ...extra }, headers);
  const agentRow = (id: string) =>
    db().handle.db.selectFrom("agents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("adds an agent on Business and shows its key once, keeping only the key's hash", async () => {
    const created = await addAgent("db-primary");
    expect(created.status).toBe(201);
    const { agent, key } = created.body;
    expect(key).toMatch(/^uwa_[A-Za-z0-9_-]{40}$/);
    expect(agent).toMatchObject({
      id: expect.stringMatching(/^agt_/),
      name: "db-primary",
      os: "linux",
      status: "waiting",
      last_report_at: null,
      first_report_at: null,
      offline_since: null,
      offline_after_minutes: 5,
      hostname: null,
      version: null,
      capabilities: [],
      proxy_capable: false,
      key: { prefix: `uwa_${agentKeyLookupOf(key)}`, created_at: expect.any(String) },
      config: null,
      open_alerts: 0,
    });
    expect(key.startsWith(agent.key.prefix)).toBe(true);
    const row = await agentRow(agent.id);
    expect(row.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(Object.values(row)).not.toContain(key);
    const shown = await call("GET", `/agents/${agent.id}`);
    expect(JSON.stringify(shown.body)).not.toContain(key);
    expect(shown.body.latest).toBeNull();
    await call("DELETE", `/agents/${agent.id}`);
  });

  it("refuses agents on Free and Hobby with a sentence naming the plan", async () => {
    for (const [plan, name] of [
      ["free", "Free"],
      ["hobby", "Hobby"],
    ] as Array<[PlanId, string]>) {
      const account = await createTestAccount(db(), plan);
      const refused = await addAgent("web-1", account.headers);
      expect(refused).toEqual({
        status: 403,
        body: {
          detail: `Agents are part of the Business and Enterprise+ plans; your plan (${name}) has none.`,
        },
      });
      expect((await call("GET", "/agents", undefined, account.headers)).body).toEqual({ data: [] });
    }
  });

  it("refuses a sixth agent on Business naming the five, and deleting one frees its slot", async () => {
    const account = await createTestAccount(db(), "business");
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const created = await addAgent(`host-${i}`, account.headers);
      expect(created.status).toBe(201);
      ids.push(created.body.agent.id);
    }
    expect(await addAgent("host-6", account.headers)).toEqual({
      status: 403,
      body: {
        detail:
          "Your plan (Business) includes 5 agents; delete an agent or change plan to add another.",
      },
    });
    expect((await call("DELETE", `/agents/${ids[0]}`, undefined, account.headers)).status).toBe(
      204,
    );
    expect((await addAgent("host-6", account.headers)).status).toBe(201);
    const names = (await call("GET", "/agents", undefined, account.headers)).body.data.map(
      (agent: { name: string }) => agent.name,
    );
    expect(names).toEqual(["host-2", "host-3", "host-4", "host-5", "host-6"]);
  });

  it("adds as many agents as wanted on Enterprise+", async () => {
    const account = await createTestAccount(db(), "enterprise");
    for (let i = 1; i <= 7; i++) {
      expect((await addAgent(`node-${i}`, account.headers)).status).toBe(201);
    }
    expect((await call("GET", "/agents", undefined, account.headers)).body.data).toHaveLength(7);
  });

  it("renames an agent and changes when it counts as offline, within 1 to 60 minutes", async () => {
    const { agent } = (await addAgent("old-name", business.headers, { offline_after_minutes: 10 }))
      .body;
    expect(agent.offline_after_minutes).toBe(10);
    const renamed = await call("PATCH", `/agents/${agent.id}`, {
      name: "  new-name ",
      offline_after_minutes: 1,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "new-name", offline_after_minutes: 1 });
    for (const minutes of [0, 61, 2.5]) {
      const refused = await call("PATCH", `/agents/${agent.id}`, {
        offline_after_minutes: minutes,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/^offline_after_minutes must be/);
    }
    expect((await addAgent("x", business.headers, { offline_after_minutes: 61 })).body).toEqual({
      detail: "offline_after_minutes must be from 1 to 60.",
    });
    const cases: Array<[object, string]> = [
      [{ name: "" }, "name cannot be empty."],
      [{ name: "x".repeat(101) }, "name can be at most 100 characters."],
      [{ name: "ok", colour: "red" }, "Unknown field: colour."],
    ];
    for (const [body, detail] of cases) {
      expect(await call("PATCH", `/agents/${agent.id}`, body)).toEqual({
        status: 400,
        body: { detail },
      });
    }
    expect(await call("POST", "/agents", { os: "linux" })).toEqual({
      status: 400,
      body: { detail: "name is required: what the agent is called." },
    });
    expect(await call("POST", "/agents", { name: "x", os: "solaris" })).toEqual({
      status: 400,
      body: { detail: "os must be one of linux, windows, macos." },
    });
    expect((await agentRow(agent.id)).name).toBe("new-name");
  });

  it("sends an agent's alerts to the channels for new monitors and those named, of the account only", async () => {
    const channel = await call("POST", "/channels", {
      type: "email",
      name: "On call",
      config: { address: "oncall@example.com" },
    });
    expect(channel.status).toBe(201);
    const defaults = (await call("GET", "/channels")).body.data
      .filter((item: { attach_to_new_monitors: boolean }) => item.attach_to_new_monitors)
      .map((item: { id: string }) => item.id);
    const created = await addAgent("mail-1", business.headers, { channel_ids: [channel.body.id] });
    expect([...created.body.agent.channel_ids].sort()).toEqual(
      [...defaults, channel.body.id].sort(),
    );
    const strangers = await call(
      "POST",
      "/channels",
      { type: "email", name: "Theirs", config: { address: "theirs@example.com" } },
      other.headers,
    );
    const id = strangers.body.id;
    expect(await addAgent("mail-2", business.headers, { channel_ids: [id] })).toEqual({
      status: 400,
      body: { detail: `channel_ids: there is no channel ${id} in this account.` },
    });
    const agentId = created.body.agent.id;
    expect(await call("PATCH", `/agents/${agentId}`, { channel_ids: [id] })).toEqual({
      status: 400,
      body: { detail: `channel_ids: there is no channel ${id} in this account.` },
    });
    const narrowed = await call("PATCH", `/agents/${agentId}`, { channel_ids: [channel.body.id] });
    expect(narrowed.body.channel_ids).toEqual([channel.body.id]);
    const names = (await call("GET", "/agents")).body.data.map((a: { name: string }) => a.name);
    expect(names).not.toContain("mail-2");
  });

  it("replaces an agent's key so the old one stops, and revokes it leaving the agent keyless", async () => {
    const created = (await addAgent("rotating")).body;
    const oldLookup = agentKeyLookupOf(created.key);
    const renewed = await call("POST", `/agents/${created.agent.id}/key`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.key).toMatch(/^uwa_[A-Za-z0-9_-]{40}$/);
    expect(renewed.body.key).not.toBe(created.key);
    expect(renewed.body.agent.key.prefix).toBe(`uwa_${agentKeyLookupOf(renewed.body.key)}`);
    const row = await agentRow(created.agent.id);
    expect(row.key_lookup).not.toBe(oldLookup);
    expect(row.key_hash).toBe(createHash("sha256").update(renewed.body.key).digest("hex"));
    const byOldKey = await db()
      .handle.db.selectFrom("agents")
      .select("id")
      .where("key_lookup", "=", oldLookup!)
      .executeTakeFirst();
    expect(byOldKey).toBeUndefined();

    const revoked = await call("DELETE", `/agents/${created.agent.id}/key`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.agent.id, key: null });
    const after = await agentRow(created.agent.id);
    expect(after).toMatchObject({ key_lookup: null, key_hash: null });
    expect(after.key_revoked_at).not.toBeNull();
    expect((await call("GET", `/agents/${created.agent.id}`)).body.key).toBeNull();
  });

  it("answers 404 with a sentence for another account's agent", async () => {
    const { agent } = (await addAgent("private")).body;
    const notFound = { status: 404, body: { detail: "There is no agent with that id." } };
    for (const [method, url, body] of [
      ["GET", `/agents/${agent.id}`],
      ["PATCH", `/agents/${agent.id}`, { name: "mine" }],
      ["DELETE", `/agents/${agent.id}`],
      ["POST", `/agents/${agent.id}/key`],
      ["DELETE", `/agents/${agent.id}/key`],
      ["GET", `/agents/${agent.id}/alert-rules`],
      ["POST", `/agents/${agent.id}/alert-rules`, { kind: "cpu" }],
    ] as Array<["GET" | "POST" | "PATCH" | "DELETE", string, object?]>) {
      expect(await call(method, url, body, other.headers), `${method} ${url}`).toEqual(notFound);
    }
    expect((await agentRow(agent.id)).name).toBe("private");
  });
});
