import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("an agent's page in the agents API", (db) => {
  let app: FastifyInstance;
  let business: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
    business = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: business.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const addAgent = (name: string) => call("POST", "/agents", { name, os: "linux" });

  it("shows an agent online with its newest figures, marking those over its own thresholds", async () => {
    const { agent } = (await addAgent("web-1")).body;
    const now = Date.now();
    const sample = {
      sampled_at: now - 10_000,
      cpu_percent: 92.5,
      cores: 2,
      load: { one: 2.5, five: 1.2, fifteen: 0.8 },
      memory: { total_bytes: 1000, used_bytes: 600, available_bytes: 400 },
      network: { rx_bytes_per_second: 1200, tx_bytes_per_second: 800 },
      disks: [
        { mount: "/", description: "System", total_bytes: 1000, used_bytes: 950 },
        { mount: "/var", description: "", total_bytes: 2000, used_bytes: 200 },
      ],
      services: [{ name: "nginx", state: "running" }],
    };
    const config = {
      monitoring_interval: 60,
      cpu_threshold: 80,
      memory_threshold: 85,
      disk_threshold: 90,
      log_level: "info",
    };
    await db()
      .handle.db.updateTable("agents")
      .set({
        hostname: "web-1.internal",
        platform: "Debian GNU/Linux 12",
        arch: "x64",
        version: "2.0.0",
        capabilities: "[]",
        reported_config: JSON.stringify(config),
        latest_report: JSON.stringify(sample),
        first_report_at: now - 70_000,
        last_report_at: now - 10_000,
      })
      .where("id", "=", agent.id)
      .execute();
    await db()
      .handle.db.insertInto("agent_services")
      .values({
        agent_id: agent.id,
        name: "nginx",
        state: "running",
        since: now - 70_000,
        reported_at: now - 10_000,
      })
      .execute();

    const detail = (await call("GET", `/agents/${agent.id}`)).body;
    expect(detail).toMatchObject({
      status: "online",
      hostname: "web-1.internal",
      platform: "Debian GNU/Linux 12",
      version: "2.0.0",
      proxy_capable: false,
      config,
      last_report_at: new Date(now - 10_000).toISOString(),
      first_report_at: new Date(now - 70_000).toISOString(),
    });
    expect(detail.latest).toEqual({
      sampled_at: new Date(now - 10_000).toISOString(),
      cpu_percent: 92.5,
      cpu_high: true,
      cores: 2,
      load: { one: 2.5, five: 1.2, fifteen: 0.8 },
      load_high: true,
      memory: {
        total_bytes: 1000,
        used_bytes: 600,
        available_bytes: 400,
        used_percent: 60,
        available_percent: 40,
        high: false,
      },
      network: { rx_bytes_per_second: 1200, tx_bytes_per_second: 800 },
      disks: [
        {
          mount: "/",
          description: "System",
          total_bytes: 1000,
          used_bytes: 950,
          used_percent: 95,
          high: true,
        },
        {
          mount: "/var",
          description: "",
          total_bytes: 2000,
          used_bytes: 200,
          used_percent: 10,
          high: false,
        },
      ],
      services: [{ name: "nginx", state: "running", since: new Date(now - 70_000).toISOString() }],
    });
    const listed = (await call("GET", "/agents")).body.data.find(
      (item: { id: string }) => item.id === agent.id,
    );
    expect(listed).toMatchObject({ status: "online", version: "2.0.0" });
    expect(listed.latest).toBeUndefined();

    await db()
      .handle.db.updateTable("agents")
      .set({ last_report_at: now - 6 * 60_000 })
      .where("id", "=", agent.id)
      .execute();
    expect((await call("GET", `/agents/${agent.id}`)).body.status).toBe("offline");
  });

  it("counts an agent's open alerts, acknowledged ones included, and not the resolved", async () => {
    const { agent } = (await addAgent("alerting")).body;
    const now = Date.now();
    const alert = (id: string, state: string, acknowledged: boolean) => ({
      id,
      account_id: business.accountId,
      monitor_id: null,
      agent_id: agent.id,
      incident_id: null,
      kind: "agent-cpu",
      severity: "warning",
      message: "CPU on alerting has been over 80% for 5 minutes (92%).",
      dedupe_key: `rule:r1:${id}`,
      state,
      opened_at: now,
      acknowledged_at: acknowledged ? now : null,
      resolved_at: state === "resolved" ? now : null,
      resolution: state === "resolved" ? "recovered" : null,
      notifications_sent: 1,
      next_due_at: null,
      held: 0,
      page_token: `token-${id}-${agent.id}`,
    });
    await db()
      .handle.db.insertInto("alerts")
      .values([
        alert(`alr_open_${agent.id}`, "open", false),
        alert(`alr_ack_${agent.id}`, "open", true),
        alert(`alr_done_${agent.id}`, "resolved", false),
      ])
      .execute();
    expect((await call("GET", `/agents/${agent.id}`)).body.open_alerts).toBe(2);
    const listed = (await call("GET", "/agents")).body.data;
    expect(listed.find((a: { id: string }) => a.id === agent.id).open_alerts).toBe(2);
  });
});
