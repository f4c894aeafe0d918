import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser } from "../../../test/sessions.ts";
import { setAccountPlan } from "../../services/accounts/set-account-plan.ts";
import { pruneAuditEvents } from "../../services/audit/prune-audit-events.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const DAY_MS = 86_400_000;

describeEachDatabase("the audit log", (db) => {
  let app: FastifyInstance;
  let business: Account;

  beforeAll(async () => {
    app = await buildTestApp(db(), {
      network: testNetwork({ hosts: { "hooks.example.com": ["93.184.215.14"] } }),
    });
    business = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const call = async (
    headers: Record<string, string>,
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    const json = response.headers["content-type"]?.toString().includes("json");
    return { status: response.statusCode, body: json ? response.json() : response.body };
  };
  const log = async (account: Account, query = "") =>
    (await call(account.headers, "GET", `/audit-log${query}`)).body;

  it("records a monitor's life with the key that changed it, newest first, secrets masked, and no change as nothing", async () => {
    const account = await createTestAccount(db(), "business");
    const created = await call(account.headers, "POST", "/monitors", {
      type: "http",
      name: "Checkout",
      target: "https://example.com/",
      options: { auth: { type: "basic", username: "ops", password: "hunter2" } },
    });
    const id = created.body.id;
    await call(account.headers, "PATCH", `/monitors/${id}`, { name: "Checkout page" });
    await call(account.headers, "PATCH", `/monitors/${id}`, { name: "Checkout page" });
    await call(account.headers, "POST", `/monitors/${id}/pause`);
    await call(account.headers, "POST", `/monitors/${id}/resume`);
    await call(account.headers, "DELETE", `/monitors/${id}`);

    const page = await log(account, "?action=monitor.");
    expect(page.data.map((event: { action_label: string }) => event.action_label)).toEqual([
      "Monitor deleted",
      "Monitor resumed",
      "Monitor paused",
      "Monitor changed",
      "Monitor added",
    ]);
    const changed = page.data[3];
    expect(changed).toMatchObject({
      action: "monitor.updated",
      actor: { kind: "api_key", api_key_id: account.keyId, label: "API key “tests”" },
      target: { type: "monitor", id, label: "Checkout page" },
      changes: { name: { before: "Checkout", after: "Checkout page" } },
    });
    expect(page.data[2].changes).toEqual({ paused: { before: false, after: true } });
    expect(page.data[4].changes.options.after.auth.password).toBe("********");
    expect(JSON.stringify(page)).not.toContain("hunter2");
    expect(page.next_before).toBeNull();
  });

  it("records channels, secure variables and API keys without their secrets", async () => {
    const account = await createTestAccount(db(), "business");
    const url = "https://hooks.example.com/services/T0000/B0000/XXXXXXXX";
    const slack = await call(account.headers, "POST", "/channels", {
      type: "slack",
      config: { url },
    });
    await call(account.headers, "PATCH", `/channels/${slack.body.id}`, {
      config: { url: `${url}YY` },
    });
    const webhook = await call(account.headers, "POST", "/channels", {
      type: "webhook",
      config: { url: "https://hooks.example.com/upwatch" },
    });
    await call(account.headers, "DELETE", `/channels/${slack.body.id}`);
    await call(account.headers, "POST", "/secure-variables", {
      name: "orders_password",
      value: "correct horse battery",
    });
    await call(account.headers, "PUT", "/secure-variables/orders_password", {
      value: "another horse",
    });
    const key = await call(account.headers, "POST", "/api-keys", { name: "Deploys" });
    await call(account.headers, "DELETE", `/api-keys/${key.body.id}`);

    const page = await log(account);
    expect(page.data.map((event: { action: string }) => event.action)).toEqual([
      "api_key.revoked",
      "api_key.created",
      "secure_variable.replaced",
      "secure_variable.created",
      "channel.deleted",
      "channel.created",
      "channel.updated",
      "channel.created",
      "api_key.created",
    ]);
    const text = JSON.stringify(page);
    for (const secret of [url, "XXXXXXXX", "horse", webhook.body.signing_secret, key.body.key]) {
      expect(text).not.toContain(secret);
    }
    expect(page.data[6].changes).toEqual({ "config.url": { before: "••••••", after: "••••••" } });
    expect(page.data[2]).toMatchObject({
      target: { type: "secure_variable", label: "orders_password" },
      changes: { value: { before: "••••••", after: "••••••" } },
    });
  });

  it("names the signed-in person, their address and browser, and filters by them", async () => {
    const person = await registerUser(app);
    await setAccountPlan(
      createServiceContext(db().handle.db, TEST_SECRETS),
      person.accountId,
      "business",
    );
    const headers = { ...person.headers, "user-agent": "Firefox test" };
    await call(headers, "POST", "/status-pages", {
      name: "Acme status",
      slug: `acme-${Date.now()}`,
    });
    const page = (await call(person.cookie, "GET", `/audit-log?actor=${person.userId}`)).body;
    expect(page.data.map((event: { action: string }) => event.action)).toEqual([
      "status_page.created",
    ]);
    expect(page.data[0]).toMatchObject({
      actor: { kind: "user", user_id: person.userId, label: person.email },
      ip_address: "127.0.0.1",
      user_agent: "Firefox test",
    });
    const all = (await call(person.cookie, "GET", "/audit-log")).body;
    expect(all.data[1]).toMatchObject({
      action: "plan.changed",
      actor: { kind: "operator", label: "Operator" },
      changes: { plan: { before: "Free", after: "Business" } },
    });
    const actors = (await call(person.cookie, "GET", "/audit-log/actors")).body;
    expect(actors).toEqual({ data: [{ user_id: person.userId, label: person.email }] });
  });

  it("records the account's new name when it follows its owner's new address", async () => {
    const person = await registerUser(app);
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    await setAccountPlan(ctx, person.accountId, "business");
    const email = `renamed-${Date.now()}@example.com`;
    const changed = await call(person.headers, "PATCH", "/auth/email", {
      email,
      current_password: person.password,
    });
    expect(changed.status).toBe(200);
    const page = (await call(person.cookie, "GET", "/audit-log?action=account.")).body;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      action_label: "Account renamed",
      actor: { kind: "user", user_id: person.userId, label: email },
      changes: { name: { after: expect.stringContaining("renamed-") } },
    });
  });

  it("records agents and their keys, and status pages with their addresses", async () => {
    const account = await createTestAccount(db(), "business");
    const agent = await call(account.headers, "POST", "/agents", { name: "db-1", os: "linux" });
    await call(account.headers, "POST", `/agents/${agent.body.agent.id}/key`);
    await call(account.headers, "DELETE", `/agents/${agent.body.agent.id}/key`);
    await call(account.headers, "DELETE", `/agents/${agent.body.agent.id}`);
    const slug = `acme-${Date.now()}`;
    const page = await call(account.headers, "POST", "/status-pages", { name: "Acme", slug });
    await call(account.headers, "PATCH", `/status-pages/${page.body.id}`, { slug: `${slug}-x` });
    await call(account.headers, "DELETE", `/status-pages/${page.body.id}`);

    const events = (await log(account)).data;
    expect(events.map((event: { action_label: string }) => event.action_label)).toEqual([
      "Status page deleted",
      "Status page changed",
      "Status page added",
      "Agent deleted",
      "Agent key revoked",
      "Agent key replaced",
      "Agent added",
      "API key created",
    ]);
    expect(events[1].changes).toEqual({ slug: { before: slug, after: `${slug}-x` } });
    expect(events[3].target).toEqual({ type: "agent", id: agent.body.agent.id, label: "db-1" });
    expect(JSON.stringify(events)).not.toContain(agent.body.key);
  });

  it("pages through the log without skipping or repeating events", async () => {
    const account = await createTestAccount(db(), "business");
    for (const name of ["one", "two", "three", "four", "five"]) {
      await call(account.headers, "POST", "/secure-variables", { name, value: "audited-value" });
    }
    const query = "?action=secure_variable.&limit=2";
    const first = await log(account, query);
    const second = await log(account, `${query}&before=${first.next_before}`);
    const third = await log(account, `${query}&before=${second.next_before}`);
    const labels = [...first.data, ...second.data, ...third.data].map(
      (event: { target: { label: string } }) => event.target.label,
    );
    expect(labels).toEqual(["five", "four", "three", "two", "one"]);
    expect(third.next_before).toBeNull();
  });

  it("filters by one action and by dates", async () => {
    const account = await createTestAccount(db(), "business");
    await call(account.headers, "POST", "/secure-variables", {
      name: "kept",
      value: "audited-value",
    });
    await call(account.headers, "DELETE", "/secure-variables/kept");
    const deleted = await log(account, "?action=secure_variable.deleted");
    expect(deleted.data.map((event: { action: string }) => event.action)).toEqual([
      "secure_variable.deleted",
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(account, `?from=${today}&to=${today}`)).data).toHaveLength(3);
    expect((await log(account, "?to=2020-01-01")).data).toHaveLength(0);
  });

  it("explains filters it cannot use", async () => {
    const cases: Array<[string, string]> = [
      ["?limit=500", "limit must be a whole number from 1 to 200."],
      ["?before=yesterday", "before must be a next_before from an earlier page."],
      [
        "?from=last%20week",
        "from must be a date or time such as 2026-12-01 or 2026-12-01T08:30:00Z.",
      ],
      [
        "?action=DROP%20TABLE",
        "action must be an action such as monitor.updated, or a prefix such as monitor.",
      ],
      ["?from=2026-02-01&to=2026-01-01", "from must be earlier than to."],
    ];
    for (const [query, detail] of cases) {
      expect(await call(business.headers, "GET", `/audit-log${query}`), query).toEqual({
        status: 400,
        body: { detail },
      });
    }
  });

  it("exports the filtered log as CSV with formulas defused", async () => {
    const account = await createTestAccount(db(), "business");
    await call(account.headers, "POST", "/monitors", {
      type: "http",
      name: '=HYPERLINK("https://evil.example")',
      target: "https://example.com/",
    });
    await call(account.headers, "POST", "/secure-variables", {
      name: "other",
      value: "audited-value",
    });
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/audit-log.csv?action=monitor.",
      headers: account.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,actor,action,target,changes,address,user agent");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,API key “tests”,monitor\.created,/);
    expect(lines[1]).toContain(`"monitor =HYPERLINK(""https://evil.example"")"`);
    expect(response.body).not.toContain("secure_variable");
  });

  it("records what a self-hosted server's accounts change, as their plan keeps an audit log", async () => {
    const account = await createTestAccount(db(), "self-hosted");
    await call(account.headers, "POST", "/monitors", {
      type: "http",
      name: "Intranet",
      target: "https://example.com/",
    });
    const page = await log(account, "?action=monitor.");
    expect(page.data.map((event: { action_label: string }) => event.action_label)).toEqual([
      "Monitor added",
    ]);
  });

  it("is refused on plans without an audit log, which record nothing", async () => {
    const hobby = await createTestAccount(db(), "hobby");
    await call(hobby.headers, "POST", "/secure-variables", {
      name: "quiet",
      value: "audited-value",
    });
    const detail =
      "The audit log is part of the Business plan and above; the Hobby plan does not keep one.";
    for (const url of ["/audit-log", "/audit-log.csv", "/audit-log/actors"]) {
      expect(await call(hobby.headers, "GET", url)).toEqual({ status: 403, body: { detail } });
    }
    const stored = await db()
      .handle.db.selectFrom("audit_events")
      .select("id")
      .where("account_id", "=", hobby.accountId)
      .execute();
    expect(stored).toEqual([]);
  });

  it("forgets events older than the plan keeps history, and keeps them on unlimited plans", async () => {
    const enterprise = await createTestAccount(db(), "enterprise");
    const now = Date.now();
    const event = (id: string, accountId: string, age: number) => ({
      id,
      account_id: accountId,
      at: now - age * DAY_MS,
      actor_kind: "system",
      actor_label: "Upwatch",
      action: "monitor.created",
    });
    const suffix = `${now}`;
    await db()
      .handle.db.insertInto("audit_events")
      .values([
        event(`aud_old_${suffix}`, business.accountId, 91),
        event(`aud_recent_${suffix}`, business.accountId, 89),
        event(`aud_ancient_${suffix}`, enterprise.accountId, 4000),
      ])
      .execute();
    await pruneAuditEvents(db().handle.db, now);
    const left = await db()
      .handle.db.selectFrom("audit_events")
      .select("id")
      .where("id", "like", `%_${suffix}`)
      .orderBy("id")
      .execute();
    expect(left.map((row) => row.id)).toEqual([`aud_ancient_${suffix}`, `aud_recent_${suffix}`]);
  });
});
