import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("the agent alert rules API", (db) => {
  let app: FastifyInstance;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let agentId: string;

  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), "business");
    agentId = (await call("POST", "/agents", { name: "db-primary", os: "linux" })).body.agent.id;
  });
  afterAll(() => app.close());

  async function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }
  const rules = () => `/agents/${agentId}/alert-rules`;

  it("lists no rules at first, with the five templates and their defaults", async () => {
    const listed = await call("GET", rules());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect(listed.body.templates).toEqual([
      expect.objectContaining({
        kind: "cpu",
        threshold: 80,
        duration_minutes: 5,
        severity: "warning",
      }),
      expect.objectContaining({
        kind: "memory",
        threshold: 10,
        duration_minutes: 0,
        severity: "critical",
      }),
      expect.objectContaining({
        kind: "disk",
        threshold: 15,
        duration_minutes: 0,
        severity: "warning",
      }),
      expect.objectContaining({
        kind: "load",
        threshold: 1,
        duration_minutes: 0,
        severity: "warning",
      }),
      expect.objectContaining({
        kind: "service",
        threshold: 0,
        duration_minutes: 0,
        severity: "critical",
      }),
    ]);
  });

  it("creates rules from templates, filling what is left out, and says each in a sentence", async () => {
    const cpu = await call("POST", rules(), { kind: "cpu" });
    expect(cpu.status).toBe(201);
    expect(cpu.body).toEqual({
      id: expect.stringMatching(/^arl_/),
      kind: "cpu",
      name: "High CPU",
      threshold: 80,
      duration_minutes: 5,
      severity: "warning",
      disks: null,
      services: null,
      metric: null,
      labels: null,
      comparison: null,
      condition: "CPU usage over 80% for 5 minutes",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const cases: Array<[object, string]> = [
      [{ kind: "memory" }, "Memory available under 10%"],
      [{ kind: "disk", disks: ["/", "/var"] }, "Less than 15% free on /, /var"],
      [
        { kind: "disk", threshold: 20, duration_minutes: 1 },
        "Less than 20% free on any disk for 1 minute",
      ],
      [{ kind: "load" }, "Load average above the number of CPU cores"],
      [
        { kind: "load", threshold: 1.5, duration_minutes: 10 },
        "Load average above 1.5 times the number of CPU cores for 10 minutes",
      ],
      [
        { kind: "service", services: ["nginx", "postgresql"] },
        "Service nginx or postgresql not running",
      ],
      [{ kind: "service" }, "Any listed service not running"],
      [
        { kind: "cpu", threshold: 95, duration_minutes: 0, severity: "critical" },
        "CPU usage over 95%",
      ],
    ];
    for (const [body, condition] of cases) {
      const created = await call("POST", rules(), body);
      expect(created.status, condition).toBe(201);
      expect(created.body.condition).toBe(condition);
    }
    const listed = (await call("GET", rules())).body.data;
    expect(listed).toHaveLength(cases.length + 1);
    expect(listed[0]).toEqual(cpu.body);
    expect(listed.find((rule: { kind: string }) => rule.kind === "service")).toMatchObject({
      services: ["nginx", "postgresql"],
      severity: "critical",
      threshold: 0,
    });
  });

  it("refuses rules outside their kind's ranges with a sentence", async () => {
    const cases: Array<[object, string]> = [
      [
        { kind: "cpu", threshold: 100 },
        "threshold of a cpu rule must be a percentage from 1 to 99.",
      ],
      [
        { kind: "memory", threshold: 0 },
        "threshold of a memory rule must be a percentage from 1 to 99.",
      ],
      [
        { kind: "disk", threshold: 0.5 },
        "threshold of a disk rule must be a percentage from 1 to 99.",
      ],
      [
        { kind: "load", threshold: 0.05 },
        "threshold of a load rule must be from 0.1 to 20 times the number of cores.",
      ],
      [
        { kind: "load", threshold: 21 },
        "threshold of a load rule must be from 0.1 to 20 times the number of cores.",
      ],
      [{ kind: "service", threshold: 5 }, "A service rule has no threshold: leave threshold out."],
      [{ kind: "cpu", disks: ["/"] }, "disks applies only to disk rules."],
      [{ kind: "disk", services: ["nginx"] }, "services applies only to service rules."],
      [{ kind: "cpu", duration_minutes: 61 }, "duration_minutes must be from 0 to 60."],
      [{ kind: "cpu", duration_minutes: -1 }, "duration_minutes must be from 0 to 60."],
      [{ kind: "cpu", severity: "urgent" }, "severity must be one of critical, warning, info."],
      [{ kind: "swap" }, "kind must be one of cpu, memory, disk, load, service, custom."],
      [{ kind: "disk", disks: [] }, "disks must name at least one, or be null for all of them."],
      [
        { kind: "disk", disks: Array.from({ length: 65 }, (_, i) => `/d${i}`) },
        "disks can name at most 64 mount points.",
      ],
      [
        { kind: "service", services: Array.from({ length: 65 }, (_, i) => `s${i}`) },
        "services can name at most 64 service names.",
      ],
      [{ kind: "cpu", threshold: "high" }, "threshold must be a number."],
      [{ kind: "cpu", colour: "red" }, "Unknown field: colour."],
    ];
    for (const [body, detail] of cases) {
      expect(await call("POST", rules(), body), detail).toEqual({ status: 400, body: { detail } });
    }
  });

  it("changes a rule, keeping what is left out and checking it against its kind", async () => {
    const rule = (await call("POST", rules(), { kind: "disk", disks: ["/"] })).body;
    const changed = await call("PATCH", `${rules()}/${rule.id}`, {
      threshold: 25,
      severity: "critical",
      disks: ["/", "/data", "/"],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: rule.id,
      threshold: 25,
      duration_minutes: 0,
      severity: "critical",
      disks: ["/", "/data"],
      condition: "Less than 25% free on /, /data",
    });
    const everyDisk = await call("PATCH", `${rules()}/${rule.id}`, { disks: null });
    expect(everyDisk.body.condition).toBe("Less than 25% free on any disk");
    expect(await call("PATCH", `${rules()}/${rule.id}`, { threshold: 100 })).toEqual({
      status: 400,
      body: { detail: "threshold of a disk rule must be a percentage from 1 to 99." },
    });
    expect(await call("PATCH", `${rules()}/${rule.id}`, { kind: "cpu" })).toEqual({
      status: 400,
      body: { detail: "Unknown field: kind." },
    });
    expect((await call("DELETE", `${rules()}/${rule.id}`)).status).toBe(204);
    const gone = { status: 404, body: { detail: "There is no alert rule with that id." } };
    expect(await call("PATCH", `${rules()}/${rule.id}`, { threshold: 20 })).toEqual(gone);
    expect(await call("DELETE", `${rules()}/${rule.id}`)).toEqual(gone);
  });

  it("allows at most 50 rules on one agent", async () => {
    const agent = (await call("POST", "/agents", { name: "busy", os: "windows" })).body.agent.id;
    for (let i = 0; i < 50; i++) {
      expect(
        (
          await call("POST", `/agents/${agent}/alert-rules`, {
            kind: "service",
            services: [`s${i}`],
          })
        ).status,
      ).toBe(201);
    }
    expect(await call("POST", `/agents/${agent}/alert-rules`, { kind: "cpu" })).toEqual({
      status: 400,
      body: { detail: "An agent can have at most 50 alert rules; delete one to add another." },
    });
    expect((await call("DELETE", `/agents/${agent}`)).status).toBe(204);
    const left = await db()
      .handle.db.selectFrom("agent_alert_rules")
      .select("id")
      .where("agent_id", "=", agent)
      .execute();
    expect(left).toEqual([]);
  });
});
