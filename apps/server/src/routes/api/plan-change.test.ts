import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { signedInMember } from "../../../test/team-members.ts";
import { ACCOUNT_COMMANDS } from "../../admin/commands/accounts.ts";
import { setAccountPlan } from "../../services/accounts/set-account-plan.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("moving an account to a smaller plan", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), {
      env: { SMS_ACCOUNT_SID: "AC1", SMS_AUTH_TOKEN: "token", SMS_FROM: "+15550100" },
    });
  });
  afterAll(() => app.close());

  const operator = () => createServiceContext(db().handle.db, TEST_SECRETS);
  const api = (account: Account, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });

  /** A Business account with `count` HTTP monitors checked every minute, oldest first. */
  async function busyBusinessAccount(count: number) {
    const account = await createTestAccount(db(), "business");
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const created = await api(account, "POST", "/monitors", {
        type: "http",
        name: `Site ${index + 1}`,
        target: `https://site-${index + 1}.example.com/`,
        interval_seconds: 60,
        ...(index === 0 ? { options: { headers: { "X-Team": "ops" } } } : {}),
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    return { account, ids };
  }

  it("pauses what Free does not allow, raises intervals, disables SMS and lists it all", async () => {
    const { account, ids } = await busyBusinessAccount(11);
    const tcp = (
      await api(account, "POST", "/monitors", {
        type: "tcp",
        name: "Database port",
        target: "db.example.com:5432",
        interval_seconds: 120,
      })
    ).json();
    const sms = (
      await api(account, "POST", "/channels", {
        type: "sms",
        name: "On-call phone",
        config: { phone: "+14155550100" },
      })
    ).json();
    expect(sms.detail).toBeUndefined();

    const printed = await ACCOUNT_COMMANDS["set-plan"]!(operator(), {
      account: account.accountId,
      plan: "free",
    });
    const lines = printed.split("\n");
    expect(lines[0]).toBe(`Account ${account.accountId} is now on the Free plan.`);
    expect(lines).toContain(
      "  Site 1 is checked every 5 minutes instead of every minute, the Free plan's shortest interval.",
    );
    expect(lines).toContain(
      "  Site 1 no longer sends its custom headers and authentication; they are kept for a plan that includes them.",
    );
    expect(lines).toContain("  Site 11 is paused: the Free plan allows 10 active monitors.");
    expect(lines).toContain(
      "  Database port is paused: the Free plan does not include its check type.",
    );
    expect(lines).toContain(
      "  The SMS channel On-call phone is disabled: the Free plan does not include SMS alerts.",
    );

    const notice = (await api(account, "GET", "/account/plan-change")).json();
    expect(notice.notice).toMatchObject({ from_plan: "business", to_plan: "free" });
    expect(notice.notice.changes).toContainEqual({
      kind: "monitor-paused",
      sentence: "Site 11 is paused: the Free plan allows 10 active monitors.",
      monitor_id: ids[10],
      channel_id: null,
    });
    expect(notice.paused_by_plan.map((m: { id: string }) => m.id)).toEqual([ids[10], tcp.id]);
    expect(notice).toMatchObject({ active_monitors: 10, monitor_limit: 10 });

    const first = (await api(account, "GET", `/monitors/${ids[0]}`)).json();
    expect(first).toMatchObject({ paused: false, interval_seconds: 300 });
    expect(first.options.headers).toEqual({});
    const channel = (await api(account, "GET", `/channels/${sms.id}`)).json();
    expect(channel.disabled_reason).toBe(
      "The Free plan does not include SMS alerts: this channel sends nothing until the account moves to the Hobby plan or above.",
    );
  });

  it("keeps status pages and people beyond Free's limits, names them in the notice, and keeps the page public", async () => {
    const account = await createTestAccount(db(), "business");
    const page = await api(account, "POST", "/status-pages", {
      name: "Acme Shop Status",
      slug: `acme-${account.accountId
        .slice(-8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "0")}`,
    });
    expect(page.statusCode).toBe(201);
    await signedInMember(app, db(), account.accountId, "viewer");
    await signedInMember(app, db(), account.accountId, "member");

    const printed = await ACCOUNT_COMMANDS["set-plan"]!(operator(), {
      account: account.accountId,
      plan: "free",
    });
    expect(printed.split("\n")).toContain(
      "  Acme Shop Status stays public and can still be updated; the Free plan includes no status pages, so none can be added.",
    );
    const notice = (await api(account, "GET", "/account/plan-change")).json();
    expect(notice.notice.changes.map((line: { kind: string }) => line.kind)).toEqual([
      "status-pages-kept",
      "users-over-limit",
    ]);
    expect(notice.notice.changes[1].sentence).toMatch(
      /^The account has \d+ users and the Free plan allows 1: nobody loses access/,
    );
    const listed = (await api(account, "GET", "/status-pages")).json();
    expect(listed.data.map((item: { name: string }) => item.name)).toEqual(["Acme Shop Status"]);
    const visitor = await app.inject({ method: "GET", url: `/status/${page.json().slug}` });
    expect(visitor.statusCode).toBe(200);
  });

  it("lets the account choose another monitor to keep active, within the limit", async () => {
    const { account, ids } = await busyBusinessAccount(11);
    await setAccountPlan(operator(), account.accountId, "free");
    const refused = await api(account, "POST", `/monitors/${ids[10]}/resume`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "Your Free plan allows 10 active monitors. Pause another monitor or upgrade your plan to resume this one.",
    );
    const patched = await app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${ids[10]}`,
      headers: account.headers,
      payload: { paused: false },
    });
    expect(patched.statusCode).toBe(403);
    expect((await api(account, "POST", `/monitors/${ids[3]}/pause`)).statusCode).toBe(200);
    const resumed = await api(account, "POST", `/monitors/${ids[10]}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ paused: false, interval_seconds: 300 });
    const view = (await api(account, "GET", "/account/plan-change")).json();
    expect(view.paused_by_plan).toEqual([]);
    expect(view.active_monitors).toBe(10);
  });

  it("keeps the monitors the operator names with --keep and refuses ones it cannot keep", async () => {
    const { account, ids } = await busyBusinessAccount(12);
    await expect(
      ACCOUNT_COMMANDS["set-plan"]!(operator(), {
        account: account.accountId,
        plan: "free",
        keep: "mon_nothing",
      }),
    ).rejects.toThrow("The account has no monitor mon_nothing.");
    const unchanged = (await api(account, "GET", "/account")).json();
    expect(unchanged.plan).toBe("business");

    await ACCOUNT_COMMANDS["set-plan"]!(operator(), {
      account: account.accountId,
      plan: "free",
      keep: `${ids[11]},${ids[10]}`,
    });
    const view = (await api(account, "GET", "/account/plan-change")).json();
    expect(view.paused_by_plan.map((m: { id: string }) => m.id)).toEqual([ids[8], ids[9]]);
  });

  it("keeps the headers a smaller plan held back when a person changes only the interval", async () => {
    const { account, ids } = await busyBusinessAccount(1);
    await setAccountPlan(operator(), account.accountId, "free");
    const edited = await app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${ids[0]}`,
      headers: account.headers,
      payload: { interval_seconds: 600 },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    await setAccountPlan(operator(), account.accountId, "business");
    const upgraded = (await api(account, "GET", `/monitors/${ids[0]}`)).json();
    expect(upgraded.interval_seconds).toBe(600);
    expect(upgraded.options.headers).toEqual({ "X-Team": "ops" });
  });

  it("gives everything back on an upgrade and lets the notice be dismissed", async () => {
    const { account, ids } = await busyBusinessAccount(11);
    await setAccountPlan(operator(), account.accountId, "free");
    expect((await api(account, "POST", "/account/plan-change/dismiss")).statusCode).toBe(204);
    expect((await api(account, "GET", "/account/plan-change")).json().notice).toBeNull();

    const changes = await setAccountPlan(operator(), account.accountId, "business");
    expect(changes.map((change) => change.kind)).toContain("monitor-resumed");
    const first = (await api(account, "GET", `/monitors/${ids[0]}`)).json();
    expect(first).toMatchObject({ paused: false, interval_seconds: 60 });
    expect(first.options.headers).toEqual({ "X-Team": "ops" });
    const last = (await api(account, "GET", `/monitors/${ids[10]}`)).json();
    expect(last.paused).toBe(false);
    const view = (await api(account, "GET", "/account/plan-change")).json();
    expect(view.notice.to_plan).toBe("business");
    expect(view.paused_by_plan).toEqual([]);
  });
});
