import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { useTwoAccountsApi } from "../../../test/two-accounts-api.ts";

describeEachDatabase("dependencies of agents on monitors", (db) => {
  const api = useTwoAccountsApi(db, "business");
  const { call, pingMonitor: monitor } = api;
  const agent = async (name: string, headers = api.account.headers) =>
    (await call("POST", "/agents", { name, os: "linux" }, headers)).body.agent.id as string;

  it("makes an agent depend on a monitor, lists it beside monitors' dependencies and removes it", async () => {
    const gateway = await monitor("VPN gateway");
    const wiki = await monitor("Wiki");
    const host = await agent("db-primary");
    const monitors = await call("POST", "/dependencies", {
      child_monitor_id: wiki,
      parent_monitor_id: gateway,
    });
    const created = await call("POST", "/dependencies", {
      child_agent_id: host,
      parent_monitor_id: gateway,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^dep_/),
      child_monitor_id: null,
      child_agent_id: host,
      parent_monitor_id: gateway,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const listed = (await call("GET", "/dependencies")).body.data;
    expect(listed).toHaveLength(2);
    expect(listed).toContainEqual(monitors.body);
    expect(listed).toContainEqual(created.body);
    expect((await call("GET", "/dependencies", undefined, api.other.headers)).body).toEqual({
      data: [],
    });
    expect(
      (await call("DELETE", `/dependencies/${created.body.id}`, undefined, api.other.headers))
        .status,
    ).toBe(404);
    expect(await call("DELETE", `/dependencies/${created.body.id}`)).toEqual({
      status: 204,
      body: undefined,
    });
    expect(await call("DELETE", `/dependencies/${created.body.id}`)).toEqual({
      status: 404,
      body: { detail: "There is no dependency with that id." },
    });
    expect((await call("GET", "/dependencies")).body.data).toEqual([monitors.body]);
  });

  it("refuses duplicates, other accounts' agents and monitors, and two children, with a detail", async () => {
    const parent = await monitor("Uplink");
    const host = await agent("web-1");
    const theirAgent = await agent("theirs", api.other.headers);
    const theirMonitor = await monitor("Theirs", api.other.headers);
    const link = (body: object) => call("POST", "/dependencies", body);
    expect((await link({ child_agent_id: host, parent_monitor_id: parent })).status).toBe(201);
    const cases: Array<[object, number, string]> = [
      [
        { child_agent_id: host, parent_monitor_id: parent },
        409,
        `${host} already depends on ${parent}.`,
      ],
      [
        { child_agent_id: theirAgent, parent_monitor_id: parent },
        400,
        `child_agent_id: there is no agent ${theirAgent} in this account.`,
      ],
      [
        { child_agent_id: host, parent_monitor_id: theirMonitor },
        400,
        `parent_monitor_id: there is no monitor ${theirMonitor} in this account.`,
      ],
      [
        { child_agent_id: host, child_monitor_id: parent, parent_monitor_id: parent },
        400,
        "Give child_monitor_id or child_agent_id, not both: a dependency has one child.",
      ],
      [
        { child_agent_id: host },
        400,
        "parent_monitor_id is required: the monitor the child relies on.",
      ],
    ];
    for (const [body, status, detail] of cases) {
      expect(await link(body), detail).toEqual({ status, body: { detail } });
    }
  });

  it("drops an agent's dependencies when the agent is deleted", async () => {
    const parent = await monitor("Router");
    const host = await agent("short-lived");
    const created = await call("POST", "/dependencies", {
      child_agent_id: host,
      parent_monitor_id: parent,
    });
    expect(created.status).toBe(201);
    expect((await call("DELETE", `/agents/${host}`)).status).toBe(204);
    const ids = (await call("GET", "/dependencies")).body.data.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(created.body.id);
  });
});
