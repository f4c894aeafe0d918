import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { openStored } from "../../../test/secrets.ts";

const HTTP_MONITOR = { type: "http", name: "Home page", target: "https://example.com/" };

describeEachDatabase("the monitors API", (db) => {
  let app: FastifyInstance;
  let hobby: Awaited<ReturnType<typeof createTestAccount>>;
  let other: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
    hobby = await createTestAccount(db(), "hobby");
    other = await createTestAccount(db(), "hobby");
  });
  afterAll(() => app.close());

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("creates a monitor with defaults and answers 201 with it", async () => {
    const response = await call("POST", "/monitors", hobby.headers, {
      ...HTTP_MONITOR,
      interval_seconds: 60,
    });
    expect(response.statusCode).toBe(201);
    const monitor = response.json();
    expect(monitor).toMatchObject({
      name: "Home page",
      type: "http",
      interval_seconds: 60,
      timeout_seconds: 30,
      region: "us-west-1",
      failure_threshold: 3,
      recovery_confirmations: 1,
      paused: false,
      group_ids: [],
      state: "unknown",
      last_checked_at: null,
      options: { method: "GET", follow_redirects: true },
    });
    expect(monitor.id).toMatch(/^mon_/);
    expect(monitor.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("lists, reads, changes and deletes a monitor", async () => {
    const created = (
      await call("POST", "/monitors", hobby.headers, {
        ...HTTP_MONITOR,
        name: "API",
      })
    ).json();
    const list = (await call("GET", "/monitors", hobby.headers)).json();
    expect(list.data.map((m: { id: string }) => m.id)).toContain(created.id);

    const read = await call("GET", `/monitors/${created.id}`, hobby.headers);
    expect(read.json()).toMatchObject({ name: "API", group_ids: [] });

    const changed = await call("PATCH", `/monitors/${created.id}`, hobby.headers, {
      name: "Public API",
      interval_seconds: 120,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: "Public API",
      interval_seconds: 120,
      target: HTTP_MONITOR.target,
    });

    const deleted = await call("DELETE", `/monitors/${created.id}`, hobby.headers);
    expect(deleted.statusCode).toBe(204);
    const gone = await call("GET", `/monitors/${created.id}`, hobby.headers);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: "There is no monitor with that id." });
  });

  it("pauses and resumes a monitor", async () => {
    const created = (await call("POST", "/monitors", hobby.headers, HTTP_MONITOR)).json();
    const paused = await call("POST", `/monitors/${created.id}/pause`, hobby.headers);
    expect(paused.json().paused).toBe(true);
    expect((await call("POST", `/monitors/${created.id}/pause`, hobby.headers)).json().paused).toBe(
      true,
    );
    const resumed = await call("POST", `/monitors/${created.id}/resume`, hobby.headers);
    expect(resumed.json().paused).toBe(false);
  });

  it("creates every check type with its options", async () => {
    const monitors = [
      {
        type: "keyword",
        name: "Status text",
        target: "https://example.com/status",
        options: { keyword: "Operational", keyword_mode: "present" },
      },
      { type: "ping", name: "Router", target: "203.0.113.1" },
      { type: "tcp", name: "Database", target: "db.example.com:5432" },
      {
        type: "dns",
        name: "MX",
        target: "example.com",
        options: { record_type: "MX", expected_value: "mail.example.com", resolver: "1.1.1.1" },
      },
      {
        type: "ssl",
        name: "Certificate",
        target: "example.com",
        options: { min_days_remaining: 14 },
      },
    ];
    for (const monitor of monitors) {
      const response = await call("POST", "/monitors", other.headers, monitor);
      expect(response.statusCode, monitor.type).toBe(201);
      expect(response.json()).toMatchObject({ type: monitor.type, options: monitor.options ?? {} });
    }
  });

  it("masks passwords and tokens, and keeps them when the mask is sent back", async () => {
    const created = (
      await call("POST", "/monitors", hobby.headers, {
        ...HTTP_MONITOR,
        options: { auth: { type: "basic", username: "ops", password: "hunter2" } },
      })
    ).json();
    expect(created.options.auth).toEqual({ type: "basic", username: "ops", password: "********" });
    await call("PATCH", `/monitors/${created.id}`, hobby.headers, {
      options: { ...created.options, method: "HEAD" },
    });
    const row = await db()
      .handle.db.selectFrom("monitors")
      .select("options")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.options).not.toContain("hunter2");
    expect(JSON.parse(openStored("monitors", "options", created.id, row.options))).toMatchObject({
      method: "HEAD",
      auth: { password: "hunter2" },
    });
  });

  it("refuses a DNS monitor whose resolver is not an IP address when it is saved", async () => {
    const dns = { type: "dns", name: "Resolver", target: "example.com" };
    const sentence =
      "options.resolver must be an IP address, optionally with a port, such as 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53.";
    const before = (await call("GET", "/monitors", other.headers)).json().data.length;
    for (const resolver of ["dns.example.com", "1.1.1.1:0", "1.1.1.1:70000", "9.9.9.9:53:53", ""]) {
      const response = await call("POST", "/monitors", other.headers, {
        ...dns,
        options: { resolver },
      });
      expect(response.statusCode, resolver).toBe(400);
      expect(response.json(), resolver).toEqual({ detail: sentence });
    }
    expect((await call("GET", "/monitors", other.headers)).json().data).toHaveLength(before);

    const created = await call("POST", "/monitors", other.headers, {
      ...dns,
      options: { resolver: "[2620:fe::fe]:5353" },
    });
    expect(created.statusCode).toBe(201);
    const changed = await call("PATCH", `/monitors/${created.json().id}`, other.headers, {
      options: { resolver: "resolver.example.com" },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ detail: sentence });
    const stored = await call("GET", `/monitors/${created.json().id}`, other.headers);
    expect(stored.json().options.resolver).toBe("[2620:fe::fe]:5353");
  });

  it("answers 400 with a sentence for bad input", async () => {
    const cases: Array<[unknown, string]> = [
      [
        { ...HTTP_MONITOR, type: "smtp" },
        "type must be one of http, keyword, ping, tcp, dns, ssl, multi_step, heartbeat.",
      ],
      [
        { ...HTTP_MONITOR, target: "example.com" },
        "A http monitor's target must be a URL starting with http:// or https://.",
      ],
      [{ ...HTTP_MONITOR, timeout_seconds: 61 }, "timeout_seconds must be from 1 to 60."],
      [
        { ...HTTP_MONITOR, interval_seconds: 5000 },
        "interval_seconds can be at most 3600 (60 minutes).",
      ],
      [
        { ...HTTP_MONITOR, region: "mars-1" },
        "region must be one of us-west-1, us-west-2, eu-west-1, ap-southeast-2.",
      ],
      [
        { ...HTTP_MONITOR, recovery_confirmations: 0 },
        "recovery_confirmations must be from 1 to 10.",
      ],
      [{ ...HTTP_MONITOR, extra: 1 }, "Unknown field: extra."],
      [
        { ...HTTP_MONITOR, options: { method: "FETCH" } },
        "method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.",
      ],
      [
        { type: "keyword", name: "k", target: "https://a.test" },
        "A keyword monitor needs options.keyword, the text to look for.",
      ],
    ];
    for (const [payload, detail] of cases) {
      const response = await call("POST", "/monitors", hobby.headers, payload);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    const malformed = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: { ...hobby.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: "The request body is not valid JSON." });
  });

  it("validates a change as a whole monitor", async () => {
    const created = (await call("POST", "/monitors", hobby.headers, HTTP_MONITOR)).json();
    const toTcp = await call("PATCH", `/monitors/${created.id}`, hobby.headers, { type: "tcp" });
    expect(toTcp.statusCode).toBe(400);
    expect(toTcp.json().detail).toMatch(/host:port/);
    const fine = await call("PATCH", `/monitors/${created.id}`, hobby.headers, {
      type: "tcp",
      target: "db.example.com:5432",
    });
    expect(fine.json()).toMatchObject({ type: "tcp", options: {}, state: "unknown" });
    const unknown = await call("PATCH", `/monitors/${created.id}`, hobby.headers, {
      colour: "red",
    });
    expect(unknown.json()).toEqual({ detail: "Unknown field: colour." });
  });

  it("treats another account's monitor as not found, for every operation", async () => {
    const mine = (await call("POST", "/monitors", hobby.headers, HTTP_MONITOR)).json();
    const attempts = [
      call("GET", `/monitors/${mine.id}`, other.headers),
      call("PATCH", `/monitors/${mine.id}`, other.headers, { name: "Stolen" }),
      call("DELETE", `/monitors/${mine.id}`, other.headers),
      call("POST", `/monitors/${mine.id}/pause`, other.headers),
      call("GET", `/monitors/${mine.id}/checks`, other.headers),
      call("GET", `/monitors/${mine.id}/stats`, other.headers),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "There is no monitor with that id." });
    }
    const list = (await call("GET", "/monitors", other.headers)).json();
    expect(list.data.map((m: { id: string }) => m.id)).not.toContain(mine.id);
    expect((await call("GET", `/monitors/${mine.id}`, hobby.headers)).json().name).toBe(
      "Home page",
    );
  });
});
