import { closedPort, type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { createTestDatabase, describeEachDatabase } from "../../test/databases.ts";

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase("the monitoring engine", (db) => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    target = await startHttpServer((request, response) => {
      response.writeHead(request.url === "/fail" ? 500 : 200).end("ok");
    });
    app = await buildTestApp(db(), { env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" } });
    account = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });

  const checksOf = async (id: string) => {
    await app.monitoringEngine!.flush();
    return (await api("GET", `/monitors/${id}/checks`)).json();
  };

  it("checks a new monitor at once and stores the result with its timings", async () => {
    const monitor = (
      await api("POST", "/monitors", {
        type: "http",
        name: "Local",
        target: `http://127.0.0.1:${target.port}/`,
        interval_seconds: 600,
      })
    ).json();
    const page = await eventually(
      () => checksOf(monitor.id),
      (body) => body.data.length > 0,
    );
    expect(page.data[0]).toMatchObject({
      status: "up",
      status_code: 200,
      error: null,
      region: "us-west-1",
    });
    expect(page.data[0].timings.connect_ms).toBeGreaterThanOrEqual(0);
    const after = (await api("GET", `/monitors/${monitor.id}`)).json();
    expect(after.state).toBe("up");
    expect(after.last_checked_at).not.toBeNull();
    const stats = (await api("GET", `/monitors/${monitor.id}/stats?range=24h`)).json();
    expect(stats).toMatchObject({ checks: 1, up_checks: 1, uptime_percent: 100, source: "raw" });
    const week = (await api("GET", `/monitors/${monitor.id}/stats?range=7d`)).json();
    expect(week).toMatchObject({ checks: 1, uptime_percent: 100, source: "hourly" });
  });

  it("marks a monitor down once the failure threshold is reached", async () => {
    const port = await closedPort();
    const monitor = (
      await api("POST", "/monitors", {
        type: "tcp",
        name: "Closed",
        target: `127.0.0.1:${port}`,
        interval_seconds: 600,
        failure_threshold: 1,
      })
    ).json();
    const page = await eventually(
      () => checksOf(monitor.id),
      (body) => body.data.length > 0,
    );
    expect(page.data[0]).toMatchObject({
      status: "down",
      error: `The connection to 127.0.0.1:${port} was refused (nothing is listening there).`,
    });
    expect((await api("GET", `/monitors/${monitor.id}`)).json()).toMatchObject({
      state: "down",
      consecutive_failures: 1,
    });
  });

  it("runs every check of a local-region monitor in-process and records nothing as missed", async () => {
    await app.monitoringEngine!.flush();
    const missed = await db().handle.db.selectFrom("missed_checks").select("monitor_id").execute();
    expect(missed).toEqual([]);
    const regions = await db()
      .handle.db.selectFrom("check_results")
      .select("region")
      .distinct()
      .execute();
    expect(regions).toEqual([{ region: "us-west-1" }]);
  });

  it("stays up while failures are under the threshold", async () => {
    const monitor = (
      await api("POST", "/monitors", {
        type: "http",
        name: "Flaky",
        target: `http://127.0.0.1:${target.port}/fail`,
        interval_seconds: 600,
      })
    ).json();
    await eventually(
      () => checksOf(monitor.id),
      (body) => body.data.length > 0,
    );
    expect((await api("GET", `/monitors/${monitor.id}`)).json()).toMatchObject({
      state: "unknown",
      consecutive_failures: 1,
    });
  });

  it("schedules active monitors, drops paused and deleted ones, and picks them all up again after a restart", async () => {
    const engine = app.monitoringEngine!;
    const paused = (
      await api("POST", "/monitors", {
        type: "http",
        name: "Paused",
        target: `http://127.0.0.1:${target.port}/`,
        interval_seconds: 600,
        paused: true,
      })
    ).json();
    const active = (await api("GET", "/monitors"))
      .json()
      .data.filter((m: { paused: boolean }) => !m.paused);
    expect(engine.counters().scheduled).toBe(active.length);
    await api("POST", `/monitors/${paused.id}/resume`);
    expect(engine.counters().scheduled).toBe(active.length + 1);
    await api("DELETE", `/monitors/${paused.id}`);
    expect(engine.counters().scheduled).toBe(active.length);

    await app.close();
    app = await buildTestApp(db(), {
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
    });
    const restarted = app.monitoringEngine!;
    await eventually(
      async () => restarted.counters().scheduled,
      (scheduled) => scheduled === active.length,
    );
    expect(restarted.counters().scheduled).toBe(active.length);
  });

  it("stores the results still buffered when the server closes", async () => {
    // A database of its own: on PostgreSQL the suite's server would lead and run the check itself.
    const own = await createTestDatabase(db().dialect);
    const closing = await buildTestApp(own, {
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
    });
    // Closed once, whether the test gets that far or fails before.
    let shutdown: Promise<void> | undefined;
    const closed = () => {
      shutdown ??= closing.close();
      return shutdown;
    };
    try {
      const owner = await createTestAccount(own, "hobby");
      const created = await closing.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: owner.headers,
        payload: {
          type: "http",
          name: "Closing",
          target: `http://127.0.0.1:${target.port}/`,
          interval_seconds: 600,
        },
      });
      const id = created.json().id;
      const completed = await eventually(
        async () => closing.monitoringEngine!.counters().completed,
        (count) => count > 0,
      );
      expect(completed).toBe(1);
      await closed();
      const rows = await own.handle.db
        .selectFrom("check_results")
        .select("up")
        .where("monitor_id", "=", id)
        .execute();
      expect(rows).toEqual([{ up: 1 }]);
    } finally {
      await closed();
      await own.handle.close();
      await own.drop();
    }
  });

  it("refuses loopback targets unless private targets are allowed", async () => {
    // A database of its own: on PostgreSQL, servers sharing one leave the checks to one leader.
    const own = await createTestDatabase(db().dialect);
    const guarded = await buildTestApp(own, { env: { RUN_CHECKS: "true" } });
    const other = await createTestAccount(own, "hobby");
    const monitor = (
      await guarded.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: other.headers,
        payload: {
          type: "http",
          name: "Sneaky",
          target: `http://127.0.0.1:${target.port}/`,
          interval_seconds: 600,
        },
      })
    ).json();
    const page = await eventually(
      async () => {
        await guarded.monitoringEngine!.flush();
        return (
          await guarded.inject({
            method: "GET",
            url: `/api/v1/monitors/${monitor.id}/checks`,
            headers: other.headers,
          })
        ).json();
      },
      (body) => body.data.length > 0,
    );
    expect(page.data[0].status).toBe("down");
    expect(page.data[0].error).toMatch(
      /^Refused to connect to 127\.0\.0\.1: it is a loopback address/,
    );
    await guarded.close();
    await own.handle.close();
    await own.drop();
  });
});
