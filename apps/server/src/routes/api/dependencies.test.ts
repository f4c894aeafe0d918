import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { useTwoAccountsApi } from "../../../test/two-accounts-api.ts";

describeEachDatabase("the dependencies API", (db) => {
  const api = useTwoAccountsApi(db, "hobby");
  const { call, pingMonitor: monitor } = api;

  it("creates, lists and deletes dependencies in the shapes the help centre shows", async () => {
    const child = await monitor("Wiki");
    const parent = await monitor("VPN gateway");
    const created = await call("POST", "/dependencies", {
      child_monitor_id: child,
      parent_monitor_id: parent,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^dep_/),
      child_monitor_id: child,
      child_agent_id: null,
      parent_monitor_id: parent,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await call("GET", "/dependencies");
    expect(list.body.data).toContainEqual(created.body);
    expect((await call("GET", "/dependencies", undefined, api.other.headers)).body).toEqual({
      data: [],
    });
    const removed = await call("DELETE", `/dependencies/${created.body.id}`);
    expect(removed).toEqual({ status: 204, body: undefined });
    expect((await call("DELETE", `/dependencies/${created.body.id}`)).body).toEqual({
      detail: "There is no dependency with that id.",
    });
  });

  it("refuses self-dependencies, cycles, duplicates and other accounts' monitors with a detail", async () => {
    const [a, b, c] = [await monitor("Site"), await monitor("Balancer"), await monitor("Uplink")];
    const stranger = await monitor("Someone else's", api.other.headers);
    const link = (child: string, parent: string, headers = api.account.headers) =>
      call(
        "POST",
        "/dependencies",
        { child_monitor_id: child, parent_monitor_id: parent },
        headers,
      );
    expect((await link(a, b)).status).toBe(201);
    expect((await link(b, c)).status).toBe(201);
    const cases: Array<[Promise<{ status: number; body: unknown }>, number, string]> = [
      [link(a, a), 400, "A monitor cannot depend on itself."],
      [link(c, a), 400, `This dependency would create a cycle: ${a} already depends on ${c}.`],
      [link(b, a), 400, `This dependency would create a cycle: ${a} already depends on ${b}.`],
      [link(a, b), 409, `${a} already depends on ${b}.`],
      [
        link(a, stranger),
        400,
        `parent_monitor_id: there is no monitor ${stranger} in this account.`,
      ],
      [
        link(stranger, a, api.other.headers),
        400,
        `parent_monitor_id: there is no monitor ${a} in this account.`,
      ],
      [
        call("POST", "/dependencies", { parent_monitor_id: a }),
        400,
        "child_monitor_id or child_agent_id is required: the monitor or agent whose alerts depend on the parent.",
      ],
      [
        call("POST", "/dependencies", { child_monitor_id: a, parent_monitor_id: b, kind: "x" }),
        400,
        "Unknown field: kind.",
      ],
    ];
    for (const [request, status, detail] of cases) {
      const response = await request;
      expect(response.status, detail).toBe(status);
      expect(response.body).toEqual({ detail });
    }
    const dependency = (await call("GET", "/dependencies")).body.data[0];
    expect(
      (await call("DELETE", `/dependencies/${dependency.id}`, undefined, api.other.headers)).status,
    ).toBe(404);
  });
});
