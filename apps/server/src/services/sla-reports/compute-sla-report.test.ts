import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent } from "../../../test/agents.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { buildKnownMonth, NOVEMBER } from "../../../test/sla-month.ts";
import { createServiceContext } from "../context.ts";
import { computeSlaReport } from "./compute-sla-report.ts";

const DECEMBER_3 = Date.parse("2026-12-03T12:00:00Z");

describeEachDatabase("SLA report figures", (db) => {
  const context = () =>
    createServiceContext(db().handle.db, TEST_SECRETS, { now: () => DECEMBER_3 });

  it("gives every figure of a month of known outages, maintenance left out", async () => {
    const ctx = context();
    const account = await createTestAccount(db(), "enterprise", ctx);
    const { monitorId } = await buildKnownMonth(ctx, account.accountId);
    const report = await computeSlaReport(
      ctx,
      { accountId: account.accountId, plan: "enterprise" },
      { subject: { type: "monitor", id: monitorId }, ...NOVEMBER, targetPercent: 99.9 },
    );
    expect(report.whole).toEqual({
      measuredMinutes: 43_140,
      maintenanceMinutes: 60,
      downtimeMinutes: 195,
      uptimePercent: 99.548,
      allowedDowntimeMinutes: 43.1,
      budgetLeftMinutes: -151.9,
      targetMet: false,
      outages: 4,
      mttrMinutes: 48.8,
      mtbfMinutes: 10_736.3,
    });
    expect(report.outages.map((o) => [o.durationMinutes, o.countedMinutes])).toEqual([
      [30, 20],
      [45, 45],
      [100, 100],
      [60, 30],
    ]);
    expect(report.outages[1]!.cause).toBe(
      "HTTP 503: Expected a 2xx status but the server answered 503 Service Unavailable (2).",
    );
    expect(report.maintenance).toMatchObject([{ title: "Database upgrade" }]);
    expect(report.response).toMatchObject({
      checks: 4320,
      upChecks: 4297,
      checksUpPercent: 99.468,
      averageMs: 110,
    });
    // 23 of 4,320 checks were slow: fewer than one in a hundred, so even p99 is a fast check.
    expect(report.response!.p99Ms).toBeLessThanOrEqual(100);
    expect(report.response!.p50Ms).toBeLessThanOrEqual(report.response!.p95Ms!);
    expect(report.regions).toMatchObject([
      { region: "us-west-1", checks: 4320, missed: 0, uptimePercent: 99.468 },
    ]);
    expect(report.days).toHaveLength(30);
    expect(report.days[2]).toMatchObject({ downtimeMinutes: 45, uptimePercent: 96.875 });
    expect(report.days.reduce((sum, day) => sum + day.downtimeMinutes, 0)).toBe(195);
  });

  it("reports a status page through the monitors linked to its components", async () => {
    const ctx = context();
    const account = await createTestAccount(db(), "enterprise", ctx);
    const { pageId } = await buildKnownMonth(ctx, account.accountId);
    const report = await computeSlaReport(
      ctx,
      { accountId: account.accountId, plan: "enterprise" },
      { subject: { type: "status_page", id: pageId }, ...NOVEMBER, targetPercent: 99.9 },
    );
    expect(report.subject).toMatchObject({ type: "status_page", name: "Checkout status" });
    expect(report.members.map((m) => m.name)).toEqual(["Checkout"]);
    expect(report.whole).toMatchObject({ downtimeMinutes: 195, maintenanceMinutes: 60 });
  });

  it("counts a group as down while any member is, and lists each member", async () => {
    const ctx = context();
    const account = await createTestAccount(db(), "enterprise", ctx);
    const first = await buildKnownMonth(ctx, account.accountId, "Checkout");
    const second = await buildKnownMonth(ctx, account.accountId, "Search");
    const groupId = ctx.newId("grp");
    await ctx.db
      .insertInto("monitor_groups")
      .values({
        id: groupId,
        account_id: account.accountId,
        name: "Shop",
        name_key: "shop",
        description: null,
        created_at: NOVEMBER.from,
        updated_at: NOVEMBER.from,
      })
      .execute();
    await ctx.db
      .insertInto("monitor_group_members")
      .values([
        { group_id: groupId, monitor_id: first.monitorId },
        { group_id: groupId, monitor_id: second.monitorId },
      ])
      .execute();
    const report = await computeSlaReport(
      ctx,
      { accountId: account.accountId, plan: "enterprise" },
      { subject: { type: "group", id: groupId }, ...NOVEMBER, targetPercent: 99.5 },
    );
    expect(report.subject).toMatchObject({ type: "group", name: "Shop" });
    expect(report.members.map((m) => [m.name, m.figures.downtimeMinutes])).toEqual([
      ["Checkout", 195],
      ["Search", 195],
    ]);
    expect(report.whole).toMatchObject({ downtimeMinutes: 195, outages: 8, targetMet: true });
    expect(report.outages).toHaveLength(8);
  });

  it("reports an agent's offline periods with their message", async () => {
    const ctx = context();
    const account = await createTestAccount(db(), "enterprise", ctx);
    const agentId = (await createTestAgent(ctx.db, account.accountId)).id;
    await ctx.db
      .updateTable("agents")
      .set({ created_at: Date.parse("2026-10-01T00:00:00Z") })
      .where("id", "=", agentId)
      .execute();
    await ctx.db
      .insertInto("alerts")
      .values({
        id: ctx.newId("alr"),
        account_id: account.accountId,
        monitor_id: null,
        agent_id: agentId,
        incident_id: null,
        kind: "agent-offline",
        severity: "critical",
        message: "db-primary has not reported for 5 minutes.",
        dedupe_key: null,
        state: "resolved",
        opened_at: Date.parse("2026-11-15T08:00:00Z"),
        acknowledged_at: null,
        resolved_at: Date.parse("2026-11-15T09:30:00Z"),
        resolution: "recovered",
        notifications_sent: 1,
        next_due_at: null,
        held: 0,
        page_token: ctx.newId("tok"),
      })
      .execute();
    const report = await computeSlaReport(
      ctx,
      { accountId: account.accountId, plan: "enterprise" },
      { subject: { type: "agent", id: agentId }, ...NOVEMBER, targetPercent: 99.9 },
    );
    expect(report.whole).toMatchObject({ downtimeMinutes: 90, measuredMinutes: 43_200 });
    expect(report.outages).toMatchObject([
      {
        memberName: "db-primary",
        durationMinutes: 90,
        cause: "db-primary has not reported for 5 minutes.",
      },
    ]);
    expect(report.response).toBeNull();
  });

  it("refuses plans without SLA reports and another account's monitor", async () => {
    const ctx = context();
    const owner = await createTestAccount(db(), "enterprise", ctx);
    const { monitorId } = await buildKnownMonth(ctx, owner.accountId);
    const request = {
      subject: { type: "monitor" as const, id: monitorId },
      ...NOVEMBER,
      targetPercent: 99.9,
    };
    await expect(
      computeSlaReport(ctx, { accountId: owner.accountId, plan: "business" }, request),
    ).rejects.toThrow(
      /^SLA reports are part of the Enterprise\S* plan and above; the Business plan/,
    );
    const other = await createTestAccount(db(), "enterprise", ctx);
    await expect(
      computeSlaReport(ctx, { accountId: other.accountId, plan: "enterprise" }, request),
    ).rejects.toThrow("There is no monitor with that id.");
  });
});
