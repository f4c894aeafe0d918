import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { type AlertingHarness, createAlertingHarness } from "../../../test/alerting.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { signedInMember } from "../../../test/team-members.ts";

describeEachDatabase("the monitor groups API", (db) => {
  let app: FastifyInstance;
  let h: AlertingHarness;

  beforeAll(async () => {
    h = await createAlertingHarness(db(), "hobby");
    app = await buildTestApp(db(), { ctx: h.ctx });
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    headers: Record<string, string> = h.account.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const channel = async (name: string) =>
    (
      await call("POST", "/channels", {
        type: "email",
        name,
        config: { address: `${name}@example.com` },
      })
    ).body.id as string;

  it("puts a monitor in several groups and shows each group's status from its active members", async () => {
    const shop = await h.monitor("Shop", { failureThreshold: 1 });
    const api = await h.monitor("API", { failureThreshold: 1 });
    const jobs = await h.monitor("Jobs", { failureThreshold: 1 });
    const payments = await call("POST", "/groups", {
      name: "Payments",
      description: "Checkout and its APIs",
      monitor_ids: [shop.id, api.id, jobs.id],
    });
    expect(payments.status).toBe(201);
    const team = await call("POST", "/groups", { name: "Team Platform", monitor_ids: [shop.id] });
    const shopNow = await call("GET", `/monitors/${shop.id}`);
    expect(shopNow.body.group_ids.sort()).toEqual([payments.body.id, team.body.id].sort());

    await h.check(shop.id, true);
    await h.check(api.id, false);
    await call("POST", `/monitors/${jobs.id}/pause`);
    const group = (await call("GET", `/groups/${payments.body.id}`)).body;
    expect(group).toMatchObject({
      name: "Payments",
      description: "Checkout and its APIs",
      status: "partial_outage",
      counts: { up: 1, down: 1, paused: 1, unknown: 0 },
    });
    await h.check(api.id, true);
    expect((await call("GET", `/groups/${payments.body.id}`)).body.status).toBe("up");

    const list = (await call("GET", "/groups")).body.data.map((g: { name: string }) => g.name);
    expect(list).toEqual(["Payments", "Team Platform"]);

    const filtered = await call("GET", `/monitors?group=${team.body.id}&group=${payments.body.id}`);
    expect(filtered.body.data.map((m: { name: string }) => m.name).sort()).toEqual([
      "API",
      "Jobs",
      "Shop",
    ]);
    const onlyTeam = await call("GET", `/monitors/overview?group=${team.body.id}`);
    expect(onlyTeam.body.data.map((m: { monitor_id: string }) => m.monitor_id)).toEqual([shop.id]);

    await call("DELETE", `/groups/${payments.body.id}/monitors/${api.id}`);
    expect((await call("GET", `/monitors/${api.id}`)).body.group_ids).toEqual([]);
    expect((await call("DELETE", `/groups/${payments.body.id}`)).status).toBe(204);
    expect((await call("GET", `/monitors/${shop.id}`)).body.group_ids).toEqual([team.body.id]);
  });

  it("notifies a channel attached through two groups and the monitor itself once per notification", async () => {
    const oncall = await channel("oncall");
    const night = await h.monitor("Night job", { failureThreshold: 1 });
    await call("PUT", `/monitors/${night.id}/channels`, { channel_ids: [oncall] });
    const prod = await call("POST", "/groups", { name: "Production", channel_ids: [oncall] });
    const ops = await call("POST", "/groups", { name: "Ops", channel_ids: [oncall] });
    const patched = await call("PATCH", `/monitors/${night.id}`, {
      group_ids: [prod.body.id, ops.body.id],
    });
    expect(patched.status).toBe(200);
    const detail = (await call("GET", `/monitors/${night.id}`)).body;
    expect(detail.effective_channels).toEqual([
      {
        id: oncall,
        name: "oncall",
        type: "email",
        via: "monitor",
        group_ids: [prod.body.id, ops.body.id].sort(),
        severities: ["critical", "warning", "info"],
      },
    ]);

    await h.check(night.id, false);
    const sent = (await h.notifications(night.id)).filter((n) => n.channel_id === oncall);
    expect(sent).toHaveLength(1);
  });

  it("notifies a group's channel for a monitor added to the group later", async () => {
    const staging = await channel("staging");
    const group = await call("POST", "/groups", { name: "Staging", channel_ids: [staging] });
    const late = await h.monitor("Late arrival", { failureThreshold: 1 });
    expect((await call("GET", `/monitors/${late.id}`)).body.effective_channels).not.toContainEqual(
      expect.objectContaining({ id: staging }),
    );
    await call("POST", `/groups/${group.body.id}/monitors`, { monitor_ids: [late.id] });
    await h.check(late.id, false);
    const sent = (await h.notifications(late.id)).filter((n) => n.channel_id === staging);
    expect(sent).toHaveLength(1);
  });

  it("refuses bad input, a taken name and another account's monitors with a sentence", async () => {
    const other = await createTestAccount(db(), "hobby");
    const theirs = await call(
      "POST",
      "/monitors",
      { type: "http", name: "Theirs", target: "https://example.com/" },
      other.headers,
    );
    await call("POST", "/groups", { name: "Edge" });
    const taken = await call("POST", "/groups", { name: "edge" });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe("The account already has a group called “edge”.");
    const empty = await call("POST", "/groups", { name: "  " });
    expect(empty).toEqual({
      status: 400,
      body: { detail: "Give the group a name of 1 to 100 characters." },
    });
    const foreign = await call("POST", "/groups", { name: "Mine", monitor_ids: [theirs.body.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe(
      `monitor_ids: there is no monitor ${theirs.body.id} in this account.`,
    );
    const theirGroup = await call("POST", "/groups", { name: "Theirs" }, other.headers);
    const mine = await h.monitor("Mine");
    const wrongGroup = await call("PATCH", `/monitors/${mine.id}`, {
      group_ids: [theirGroup.body.id],
    });
    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.detail).toBe(
      `group_ids: there is no group ${theirGroup.body.id} in this account.`,
    );
    expect((await call("GET", `/groups/${theirGroup.body.id}`)).status).toBe(404);
  });

  it("lets a viewer read groups but not change them", async () => {
    const viewer = (await signedInMember(app, db(), h.account.accountId, "viewer")).headers;
    expect((await call("GET", "/groups", undefined, viewer)).status).toBe(200);
    const refused = await call("POST", "/groups", { name: "Viewers" }, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual(expect.any(String));
  });
});
