import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord, createTestMonitor } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { registerUser } from "../../../test/sessions.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { setAccountPlan } from "../../services/accounts/set-account-plan.ts";
import { createServiceContext, type ServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const MINUTE = 60_000;
const NOW = Date.UTC(2027, 0, 15, 12, 40);

describeEachDatabase("custom dashboards", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let account: Account;
  let monitorId: string;
  let otherMonitorId: string;

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => NOW - 2 * 86_400_000 });
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "enterprise", ctx);
    monitorId = (await createTestMonitor(ctx, account.accountId, "enterprise")).id;
    const other = await createTestAccount(db(), "enterprise", ctx);
    otherMonitorId = (await createTestMonitor(ctx, other.accountId, "enterprise")).id;
    ctx.now = () => NOW;
    await storeCheckBatch(ctx.db, [
      checkRecord(monitorId, NOW - 50 * MINUTE, true, 100),
      checkRecord(monitorId, NOW - 20 * MINUTE, false, 900),
      checkRecord(monitorId, NOW - MINUTE, true, 120),
    ]);
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    headers: Record<string, string> = account.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : undefined,
      headers: response.headers,
    };
  };

  const everyKind = () => [
    { type: "status_grid", settings: {}, x: 0, y: 0, w: 6, h: 3 },
    {
      type: "uptime",
      title: "Shop uptime",
      settings: { monitor_id: monitorId },
      x: 6,
      y: 0,
      w: 3,
      h: 2,
    },
    { type: "response_time", settings: { monitor_id: monitorId }, x: 0, y: 3, w: 6, h: 3 },
    { type: "open_alerts", settings: { limit: 5 }, x: 6, y: 3, w: 6, h: 3 },
    {
      type: "sla_figure",
      settings: { subject_type: "monitor", subject_id: monitorId, period: "last_30_days" },
      x: 9,
      y: 0,
      w: 3,
      h: 2,
    },
  ];

  it("saves a board of every kind of widget and answers it in reading order with settings filled in", async () => {
    const created = await call("POST", "/dashboards", {
      name: " Operations ",
      widgets: everyKind(),
    });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Operations");
    expect(created.body.widgets.map((w: { type: string }) => w.type)).toEqual([
      "status_grid",
      "uptime",
      "sla_figure",
      "response_time",
      "open_alerts",
    ]);
    expect(created.body.widgets[1]).toMatchObject({
      title: "Shop uptime",
      settings: { monitor_id: monitorId, range: "24h" },
    });
    const read = await call("GET", `/dashboards/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    const list = await call("GET", "/dashboards");
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ id: created.body.id, widget_count: 5, share_link_count: 0 }),
    );
  });

  it("shows each widget's figures from the monitor's own checks", async () => {
    const board = await call("POST", "/dashboards", { name: "Figures", widgets: everyKind() });
    const data = await call("GET", `/dashboards/${board.body.id}/data`);
    expect(data.status).toBe(200);
    const byType = Object.fromEntries(
      data.body.widgets.map((widget: { data: { type: string } }) => [
        widget.data.type,
        widget.data,
      ]),
    );
    expect(byType.status_grid.monitors).toEqual([
      { name: "Site", status: "up", uptime_24h: 66.667 },
    ]);
    expect(byType.uptime).toMatchObject({
      monitor_name: "Site",
      uptime_percent: 66.667,
      checks: 3,
    });
    expect(byType.response_time.monitor_name).toBe("Site");
    expect(byType.response_time.regions[0].points.length).toBeGreaterThan(0);
    expect(byType.open_alerts).toEqual({ type: "open_alerts", alerts: [], more: false });
    expect(byType.sla_figure).toMatchObject({ subject_name: "Site", target_percent: 99.9 });
  });

  it("keeps the widgets sent with their ids, adds new ones and removes those left out", async () => {
    const board = await call("POST", "/dashboards", { name: "Layout", widgets: everyKind() });
    const [grid, uptime] = board.body.widgets;
    const saved = await call("PUT", `/dashboards/${board.body.id}`, {
      name: "Layout",
      widgets: [
        { ...uptime, x: 0, y: 0 },
        { ...grid, x: 3, y: 0 },
        { type: "open_alerts", settings: {}, x: 9, y: 0, w: 3, h: 2 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.widgets.map((w: { id: string }) => w.id).slice(0, 2)).toEqual([
      uptime.id,
      grid.id,
    ]);
    expect(saved.body.widgets[2]).toMatchObject({ type: "open_alerts", settings: { limit: 10 } });
    expect(saved.body.widgets).toHaveLength(3);
  });

  describe("refusals", () => {
    let boardId: string;
    beforeAll(async () => {
      boardId = (await call("POST", "/dashboards", { name: "Refusals" })).body.id;
    });
    const save = (widgets: object[]) =>
      call("PUT", `/dashboards/${boardId}`, { name: "R", widgets });

    it("refuses widgets on top of each other, naming them", async () => {
      const answer = await save([
        { type: "open_alerts", settings: {}, x: 0, y: 0, w: 6, h: 3 },
        { type: "status_grid", settings: {}, x: 4, y: 2, w: 4, h: 2 },
      ]);
      expect(answer).toMatchObject({
        status: 400,
        body: { detail: "Widget 2 overlaps widget 1; give each widget cells of its own." },
      });
    });

    it("refuses a widget past the twelfth column or taller than eight rows", async () => {
      expect(
        (await save([{ type: "open_alerts", settings: {}, x: 10, y: 0, w: 4, h: 2 }])).body,
      ).toEqual({
        detail: "Widget 1 runs past the grid's 12 columns: x plus w must be at most 12.",
      });
      const tall = await save([{ type: "open_alerts", settings: {}, x: 0, y: 0, w: 4, h: 9 }]);
      expect(tall.status).toBe(400);
      expect(tall.body.detail).toContain("h must be a whole number from 1 to 8");
    });

    it("refuses settings that do not fit the widget's kind", async () => {
      const answer = await save([
        { type: "uptime", settings: { range: "24h" }, x: 0, y: 0, w: 3, h: 2 },
      ]);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toContain("monitor_id must be an id");
      const unknown = await save([{ type: "weather", settings: {}, x: 0, y: 0, w: 3, h: 2 }]);
      expect(unknown.body.detail).toContain("Each widget needs a type");
    });

    it("refuses another account's monitor without saying anything about it", async () => {
      const answer = await save([
        { type: "uptime", settings: { monitor_id: otherMonitorId }, x: 0, y: 0, w: 3, h: 2 },
      ]);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(
        `Widget 1 names a monitor the account does not have (${otherMonitorId}).`,
      );
    });

    it("refuses a widget id the board does not hold", async () => {
      const answer = await save([
        { id: "wgt_elsewhere", type: "open_alerts", settings: {}, x: 0, y: 0, w: 3, h: 2 },
      ]);
      expect(answer.body.detail).toBe(
        "Widget 1 has an id this board does not hold once; leave id out for a new widget.",
      );
    });

    it("refuses more than 40 widgets", async () => {
      const many = Array.from({ length: 41 }, (_, index) => ({
        type: "open_alerts",
        settings: {},
        x: 0,
        y: index,
        w: 1,
        h: 1,
      }));
      expect((await save(many)).body).toEqual({ detail: "A board can hold at most 40 widgets." });
    });
  });

  it("charts an agent's CPU and one of its custom metrics, and refuses a series the agent does not report", async () => {
    const agent = await createTestAgent(ctx.db, account.accountId, "db-primary");
    await ctx.db
      .insertInto("agent_custom_series")
      .values({
        id: "cms_queue_depth",
        agent_id: agent.id,
        series_key: 'queue_depth{queue="mail"}',
        name: "queue_depth",
        labels: JSON.stringify({ queue: "mail" }),
        first_seen_at: NOW - 10 * MINUTE,
        last_seen_at: NOW - MINUTE,
        last_value: 12,
      })
      .execute();
    await ctx.db
      .insertInto("agent_custom_samples")
      .values([
        {
          series_id: "cms_queue_depth",
          agent_id: agent.id,
          sampled_at: NOW - 10 * MINUTE,
          value: 4,
        },
        { series_id: "cms_queue_depth", agent_id: agent.id, sampled_at: NOW - MINUTE, value: 12 },
      ])
      .execute();
    const board = await call("POST", "/dashboards", {
      name: "Hosts",
      widgets: [
        { type: "agent_metric", settings: { agent_id: agent.id }, x: 0, y: 0, w: 6, h: 3 },
        {
          type: "agent_metric",
          settings: {
            agent_id: agent.id,
            metric: "custom",
            series_id: "cms_queue_depth",
            range: "1h",
          },
          x: 6,
          y: 0,
          w: 6,
          h: 3,
        },
      ],
    });
    expect(board.status).toBe(201);
    const data = await call("GET", `/dashboards/${board.body.id}/data`);
    expect(data.body.widgets[0].data).toMatchObject({
      agent_name: "db-primary",
      metric: "cpu",
      series_name: null,
      unit: "percent",
      range: "24h",
    });
    expect(data.body.widgets[1].data).toMatchObject({
      metric: "custom",
      series_name: 'queue_depth{queue="mail"}',
      unit: "value",
    });
    expect(data.body.widgets[1].data.points.map((point: { value: number }) => point.value)).toEqual(
      [4, 12],
    );

    const other = await createTestAgent(ctx.db, account.accountId, "web-1");
    const refused = await call("PUT", `/dashboards/${board.body.id}`, {
      name: "Hosts",
      widgets: [
        {
          type: "agent_metric",
          settings: { agent_id: other.id, metric: "custom", series_id: "cms_queue_depth" },
          x: 0,
          y: 0,
          w: 6,
          h: 3,
        },
      ],
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        detail: "Widget 1 names a custom metric its agent does not report (cms_queue_depth).",
      },
    });
    const missing = await call("PUT", `/dashboards/${board.body.id}`, {
      name: "Hosts",
      widgets: [
        {
          type: "agent_metric",
          settings: { agent_id: agent.id, metric: "custom" },
          x: 0,
          y: 0,
          w: 6,
          h: 3,
        },
      ],
    });
    expect(missing.body.detail).toContain("series_id names the custom metric");
  });

  it("lets a viewer read boards but not build them or share them", async () => {
    const board = await call("POST", "/dashboards", { name: "Read me" });
    const key = await call("POST", "/api-keys", { name: "Reader", scope: "read" });
    const reader = { authorization: `Bearer ${key.body.key}` };
    expect((await call("GET", `/dashboards/${board.body.id}`, undefined, reader)).status).toBe(200);
    expect((await call("GET", `/dashboards/${board.body.id}/data`, undefined, reader)).status).toBe(
      200,
    );
    expect((await call("POST", "/dashboards", { name: "Mine" }, reader)).status).toBe(403);
    expect(
      (await call("POST", `/dashboards/${board.body.id}/share-links`, { name: "TV" }, reader))
        .status,
    ).toBe(403);
  });

  it("tells a widget whose monitor was deleted why it shows nothing, and the rest still show", async () => {
    const doomed = (await createTestMonitor(ctx, account.accountId, "enterprise")).id;
    const board = await call("POST", "/dashboards", {
      name: "Doomed",
      widgets: [
        { type: "uptime", settings: { monitor_id: doomed }, x: 0, y: 0, w: 3, h: 2 },
        { type: "open_alerts", settings: {}, x: 3, y: 0, w: 3, h: 2 },
      ],
    });
    await call("DELETE", `/monitors/${doomed}`);
    const data = await call("GET", `/dashboards/${board.body.id}/data`);
    expect(data.body.widgets[0]).toEqual({
      id: board.body.widgets[0].id,
      data: null,
      problem: "What this widget showed was deleted; edit the board to choose something else.",
    });
    expect(data.body.widgets[1].data.type).toBe("open_alerts");
  });

  it("shows a board through its link signed out: names and figures, no ids, until revoked", async () => {
    const board = await call("POST", "/dashboards", { name: "Wall", widgets: everyKind() });
    const link = await call("POST", `/dashboards/${board.body.id}/share-links`, {
      name: "Office TV",
      expires_in_days: 30,
    });
    expect(link.status).toBe(201);
    expect(link.body.token).toMatch(/^uwd_[A-Za-z0-9_-]{40}$/);
    expect(link.body.url).toBe(`http://localhost:3000/app/shared-board#${link.body.token}`);
    expect(link.body.expires_at).toBe(new Date(NOW + 30 * 86_400_000).toISOString());

    const shared = await call("GET", `/shared-dashboards/${link.body.token}`, undefined, {});
    expect(shared.status).toBe(200);
    expect(shared.headers["cache-control"]).toBe("no-store");
    expect(shared.body.name).toBe("Wall");
    expect(shared.body.widgets[1]).toMatchObject({
      type: "uptime",
      title: "Shop uptime",
      x: 6,
      y: 0,
      data: { monitor_name: "Site", uptime_percent: 66.667 },
    });
    const text = JSON.stringify(shared.body);
    for (const secret of [monitorId, board.body.id, account.accountId, link.body.id]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("settings");

    const listed = await call("GET", `/dashboards/${board.body.id}/share-links`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: link.body.id, name: "Office TV", revoked_at: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(link.body.token);
    expect(listed.body.data[0].last_used_at).toBe(new Date(NOW).toISOString());

    expect(
      (await call("DELETE", `/dashboards/${board.body.id}/share-links/${link.body.id}`)).status,
    ).toBe(204);
    const revoked = await call("GET", `/shared-dashboards/${link.body.token}`, undefined, {});
    expect(revoked).toMatchObject({
      status: 404,
      body: {
        detail:
          "This link shows no board: it is unknown, revoked or expired, or its board was deleted.",
      },
    });
  });

  it("stops showing a board once its link expires, and a mistyped link shows nothing", async () => {
    const board = await call("POST", "/dashboards", { name: "Expiring" });
    const link = await call("POST", `/dashboards/${board.body.id}/share-links`, {
      name: "Day pass",
      expires_in_days: 1,
    });
    const later = ctx.now;
    ctx.now = () => NOW + 86_400_000;
    try {
      expect(
        (await call("GET", `/shared-dashboards/${link.body.token}`, undefined, {})).status,
      ).toBe(404);
    } finally {
      ctx.now = later;
    }
    const typo = `${link.body.token.slice(0, -1)}${link.body.token.endsWith("A") ? "B" : "A"}`;
    expect((await call("GET", `/shared-dashboards/${typo}`, undefined, {})).status).toBe(404);
    expect((await call("GET", "/shared-dashboards/nothing", undefined, {})).status).toBe(404);
  });

  it("slows down an address that asks for shared boards 200 times in ten minutes", async () => {
    const board = await call("POST", "/dashboards", { name: "Busy" });
    const link = await call("POST", `/dashboards/${board.body.id}/share-links`, { name: "TV" });
    const view = () =>
      app.inject({
        method: "GET",
        url: `/api/v1/shared-dashboards/${link.body.token}`,
        remoteAddress: "192.0.2.77",
      });
    const statuses: number[] = [];
    for (let index = 0; index < 200; index++) statuses.push((await view()).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await view();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Your address asked for shared boards more than 200 times in ten minutes\. Try again in /,
    );
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("stops a board's links while the account's plan has no custom dashboards, and keeps them for its return", async () => {
    const moving = await createTestAccount(db(), "enterprise", ctx);
    const board = await call("POST", "/dashboards", { name: "Moving" }, moving.headers);
    const link = await call(
      "POST",
      `/dashboards/${board.body.id}/share-links`,
      { name: "TV" },
      moving.headers,
    );
    const shared = () => call("GET", `/shared-dashboards/${link.body.token}`, undefined, {});
    await setAccountPlan(ctx, moving.accountId, "business");
    expect((await shared()).status).toBe(404);
    await setAccountPlan(ctx, moving.accountId, "enterprise");
    expect((await shared()).body.name).toBe("Moving");
  });

  it("stops every link of a deleted board", async () => {
    const board = await call("POST", "/dashboards", { name: "Gone" });
    const link = await call("POST", `/dashboards/${board.body.id}/share-links`, { name: "TV" });
    expect(link.body.expires_at).toBeNull();
    expect((await call("DELETE", `/dashboards/${board.body.id}`)).status).toBe(204);
    expect((await call("GET", `/dashboards/${board.body.id}`)).status).toBe(404);
    expect((await call("GET", `/shared-dashboards/${link.body.token}`, undefined, {})).status).toBe(
      404,
    );
  });

  it("records who made, changed, shared and deleted a board in the audit log", async () => {
    const board = await call("POST", "/dashboards", { name: "Audited" });
    await call("PUT", `/dashboards/${board.body.id}`, {
      name: "Audited board",
      widgets: [{ type: "open_alerts", settings: {}, x: 0, y: 0, w: 3, h: 2 }],
    });
    const link = await call("POST", `/dashboards/${board.body.id}/share-links`, { name: "TV" });
    await call("DELETE", `/dashboards/${board.body.id}/share-links/${link.body.id}`);
    await call("DELETE", `/dashboards/${board.body.id}`);
    const log = await call("GET", "/audit-log?action=dashboard.");
    const mine = log.body.data.filter(
      (event: { target: { id: string } }) => event.target.id === board.body.id,
    );
    // The clock stands still in these tests: the events share one time, so their order is by id.
    expect(
      mine
        .map((event: { action_label: string; target: { label: string } }) =>
          [event.action_label, event.target.label].join(": "),
        )
        .sort(),
    ).toEqual([
      "Dashboard added: Audited",
      "Dashboard changed: Audited board",
      "Dashboard deleted: Audited board",
      "Dashboard share link made: Audited board: link “TV”",
      "Dashboard share link revoked: Audited board: link “TV”",
    ]);
    const changed = mine.find((event: { action: string }) => event.action === "dashboard.updated");
    expect(changed.changes).toEqual({
      name: { before: "Audited", after: "Audited board" },
      widgets: { before: 0, after: 1 },
    });
    expect(JSON.stringify(log.body)).not.toContain(link.body.token);
  });

  it("deletes an account's boards, widgets and links with the account", async () => {
    const owner = await registerUser(app);
    await setAccountPlan(ctx, owner.accountId, "enterprise");
    const board = await call(
      "POST",
      "/dashboards",
      { name: "Leaving", widgets: [{ type: "open_alerts", settings: {}, x: 0, y: 0, w: 3, h: 2 }] },
      owner.headers,
    );
    const link = await call(
      "POST",
      `/dashboards/${board.body.id}/share-links`,
      { name: "TV" },
      owner.headers,
    );
    const deleted = await call("DELETE", "/account", { confirm_email: owner.email }, owner.headers);
    expect(deleted.status).toBe(204);
    expect((await call("GET", `/shared-dashboards/${link.body.token}`, undefined, {})).status).toBe(
      404,
    );
    const left = await Promise.all(
      (["dashboards", "dashboard_widgets", "dashboard_share_links"] as const).map((table) =>
        ctx.db
          .selectFrom(table)
          .select("id")
          .where(table === "dashboards" ? "id" : "dashboard_id", "=", board.body.id)
          .execute(),
      ),
    );
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);
  });

  it("answers plans without custom dashboards with the plan wall", async () => {
    const business = await createTestAccount(db(), "business", ctx);
    const wall =
      "Custom dashboards are part of the Enterprise+ plan and above; the Business plan does not include them.";
    expect(await call("GET", "/dashboards", undefined, business.headers)).toMatchObject({
      status: 403,
      body: { detail: wall },
    });
    expect(
      (await call("POST", "/dashboards", { name: "Mine" }, business.headers)).body.detail,
    ).toBe(wall);
  });

  it("keeps at most 50 boards per account", async () => {
    const full = await createTestAccount(db(), "enterprise", ctx);
    for (let index = 0; index < 50; index++) {
      await call("POST", "/dashboards", { name: `Board ${index}` }, full.headers);
    }
    expect(await call("POST", "/dashboards", { name: "One more" }, full.headers)).toMatchObject({
      status: 409,
      body: { detail: "An account can keep at most 50 boards; delete one to make another." },
    });
  });
});
