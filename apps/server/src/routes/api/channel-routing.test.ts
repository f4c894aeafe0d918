import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
const EVERY = ["critical", "warning", "info"];

describeEachDatabase("choosing alert severities and quiet hours through the API", (db) => {
  let app: FastifyInstance;
  let account: Account;

  beforeAll(async () => {
    app = await buildTestApp(db(), {
      network: testNetwork({ hosts: { "hooks.example.com": ["93.184.215.14"] } }),
    });
    account = await createTestAccount(db(), "business");
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object) =>
    callApi(app, method, url, account, payload);
  const webhook = async (extra: object = {}) =>
    (
      await call("POST", "/channels", {
        type: "webhook",
        config: { url: "https://hooks.example.com/upwatch" },
        ...extra,
      })
    ).body;
  const monitor = async (name: string) =>
    (await call("POST", "/monitors", { type: "http", name, target: "https://example.com/" })).body;

  it("gives every severity to channels chosen by id, as before", async () => {
    const hook = await webhook();
    const shop = await monitor("Shop");
    const set = await call("PUT", `/monitors/${shop.id}/channels`, { channel_ids: [hook.id] });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual([expect.objectContaining({ id: hook.id, severities: EVERY })]);
    expect(hook).toMatchObject({ new_monitor_severities: EVERY, quiet_hours: null });
  });

  it("saves a monitor's channel for critical alerts only and shows it everywhere", async () => {
    const hook = await webhook();
    const shop = await monitor("Checkout");
    const set = await call("PUT", `/monitors/${shop.id}/channels`, {
      channels: [{ id: hook.id, severities: ["critical"] }],
    });
    expect(set.body.data).toEqual([
      expect.objectContaining({ id: hook.id, severities: ["critical"] }),
    ]);
    const listed = (await call("GET", `/monitors/${shop.id}/channels`)).body.data;
    expect(listed).toEqual([expect.objectContaining({ id: hook.id, severities: ["critical"] })]);
    const detail = (await call("GET", `/monitors/${shop.id}`)).body;
    expect(detail.effective_channels).toEqual([
      expect.objectContaining({ id: hook.id, via: "monitor", severities: ["critical"] }),
    ]);
    const channel = (await call("GET", `/channels/${hook.id}`)).body;
    expect(channel.monitors).toEqual([{ id: shop.id, severities: ["critical"] }]);
  });

  it("joins a monitor's and its group's severities in the monitor's effective channels", async () => {
    const hook = await webhook();
    const shop = await monitor("Storefront");
    await call("PUT", `/monitors/${shop.id}/channels`, {
      channels: [{ id: hook.id, severities: ["critical"] }],
    });
    const group = await call("POST", "/groups", {
      name: "Public",
      monitor_ids: [shop.id],
      channels: [{ id: hook.id, severities: ["warning"] }],
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({
      channel_ids: [hook.id],
      channels: [{ id: hook.id, severities: ["warning"] }],
    });
    const detail = (await call("GET", `/monitors/${shop.id}`)).body;
    expect(detail.effective_channels).toEqual([
      expect.objectContaining({ id: hook.id, severities: ["critical", "warning"] }),
    ]);
  });

  it("attaches a channel to new monitors and new agents for the severities it is given", async () => {
    const hook = await webhook({
      attach_to_new_monitors: true,
      new_monitor_severities: ["warning", "critical"],
    });
    expect(hook.new_monitor_severities).toEqual(["critical", "warning"]);
    const shop = await monitor("Later");
    const detail = (await call("GET", `/monitors/${shop.id}`)).body;
    expect(detail.effective_channels).toContainEqual(
      expect.objectContaining({ id: hook.id, severities: ["critical", "warning"] }),
    );
    const agent = (await call("POST", "/agents", { name: "db-1", os: "linux" })).body.agent;
    expect(agent.channels).toContainEqual({ id: hook.id, severities: ["critical", "warning"] });
    await call("PATCH", `/channels/${hook.id}`, { attach_to_new_monitors: false });
  });

  it("changes an agent's channels with severities and shows them", async () => {
    const hook = await webhook();
    const agent = (await call("POST", "/agents", { name: "db-2", os: "linux" })).body.agent;
    const changed = await call("PATCH", `/agents/${agent.id}`, {
      channels: [{ id: hook.id, severities: ["critical"] }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      channel_ids: [hook.id],
      channels: [{ id: hook.id, severities: ["critical"] }],
    });
  });

  it("stores quiet hours on a channel, changes them and takes them away", async () => {
    const quiet = { from: "22:00", until: "07:00", time_zone: "Europe/Berlin" };
    const hook = await webhook({ quiet_hours: quiet });
    expect(hook.quiet_hours).toEqual(quiet);
    const moved = await call("PATCH", `/channels/${hook.id}`, {
      quiet_hours: { ...quiet, from: "23:30" },
    });
    expect(moved.body.quiet_hours).toEqual({ ...quiet, from: "23:30" });
    const gone = await call("PATCH", `/channels/${hook.id}`, { quiet_hours: null });
    expect(gone.body.quiet_hours).toBeNull();
  });

  it("sets the monitors of a channel with severities", async () => {
    const shop = await monitor("Billing");
    const created = await webhook({ monitors: [{ id: shop.id, severities: ["info"] }] });
    expect(created).toMatchObject({
      monitor_ids: [shop.id],
      monitors: [{ id: shop.id, severities: ["info"] }],
    });
  });

  it("refuses bad severities and quiet hours, and both lists at once, in sentences", async () => {
    const hook = await webhook();
    const shop = await monitor("Refusals");
    const refusals: [string, string, object, string][] = [
      [
        "PUT",
        `/monitors/${shop.id}/channels`,
        { channel_ids: [hook.id], channels: [{ id: hook.id }] },
        "Give channel_ids or channels, not both: channels is channel_ids with severities for each.",
      ],
      [
        "PUT",
        `/monitors/${shop.id}/channels`,
        { channels: [{ id: hook.id, severities: [] }] },
        "channels[].severities must list one or more of critical, warning, info.",
      ],
      [
        "PUT",
        `/monitors/${shop.id}/channels`,
        { channels: [{ id: hook.id, severities: ["urgent"] }] },
        "channels[].severities must list one or more of critical, warning, info.",
      ],
      [
        "PUT",
        `/monitors/${shop.id}/channels`,
        {},
        "Give channel_ids or channels: the channels this monitor's alerts go to.",
      ],
      [
        "POST",
        "/groups",
        { name: "Both", channel_ids: [], channels: [] },
        "Give channel_ids or channels, not both: channels is channel_ids with severities for each.",
      ],
      [
        "PATCH",
        `/channels/${hook.id}`,
        { new_monitor_severities: [] },
        "new_monitor_severities must list one or more of critical, warning, info.",
      ],
      [
        "PATCH",
        `/channels/${hook.id}`,
        { monitor_ids: [], monitors: [] },
        "Give monitor_ids or monitors, not both: monitors is monitor_ids with severities for each.",
      ],
      [
        "PATCH",
        `/channels/${hook.id}`,
        { quiet_hours: { from: "22:00", until: "07:00", time_zone: "Berlin" } },
        "quiet_hours.time_zone must be an IANA time zone such as Europe/Berlin or America/New_York.",
      ],
      [
        "PATCH",
        `/channels/${hook.id}`,
        { quiet_hours: { from: "9pm", until: "07:00", time_zone: "UTC" } },
        "quiet_hours.from must be a time from 00:00 to 23:59, as HH:MM.",
      ],
      [
        "POST",
        "/channels",
        {
          type: "webhook",
          config: { url: "https://hooks.example.com/upwatch" },
          quiet_hours: { from: "07:00", until: "07:00", time_zone: "UTC" },
        },
        "quiet_hours.from and quiet_hours.until must differ: the window cannot be empty.",
      ],
    ];
    for (const [method, url, payload, detail] of refusals) {
      const answer = await call(method as "PUT", url, payload);
      expect({ url, status: answer.status, body: answer.body }).toEqual({
        url,
        status: 400,
        body: { detail },
      });
    }
  });
});
