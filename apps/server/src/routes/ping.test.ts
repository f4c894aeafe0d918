import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { signedInMember } from "../../test/team-members.ts";
import { createServiceContext, type ServiceContext } from "../services/context.ts";

const MINUTE = 60_000;

type TestAccount = Awaited<ReturnType<typeof createTestAccount>>;

interface HeartbeatAnswer {
  id: string;
  state: string;
  consecutive_failures: number;
  heartbeat: {
    ping_url: string | null;
    last_ping_at: string | null;
    last_started_at: string | null;
    last_run_ms: number | null;
    last_signal: string | null;
    last_body: string | null;
  } | null;
}

describeEachDatabase("heartbeat monitors", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let account: TestAccount;
  const clock = { now: Date.parse("2026-12-02T10:00:00Z") };

  beforeAll(async () => {
    ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "free", ctx);
  });
  afterAll(() => app.close());

  const create = async (options: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: account.headers,
      payload: {
        type: "heartbeat",
        name: "Nightly backup",
        failure_threshold: 1,
        options,
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<HeartbeatAnswer>();
  };
  const read = async (id: string) =>
    (
      await app.inject({ method: "GET", url: `/api/v1/monitors/${id}`, headers: account.headers })
    ).json<HeartbeatAnswer>();
  const checks = async (id: string) =>
    (
      await app.inject({
        method: "GET",
        url: `/api/v1/monitors/${id}/checks`,
        headers: account.headers,
      })
    ).json<{ data: { status: string; error: string | null; response_time_ms: number | null }[] }>()
      .data;
  const pathOf = (url: string | null) => new URL(url ?? "").pathname;
  const ping = (path: string, method: "GET" | "POST" | "HEAD" = "GET", payload?: string) =>
    app.inject({ method, url: path, ...(payload === undefined ? {} : { payload }) });

  it("is offered on the Free plan and shows its ping URL to those who can view it", async () => {
    const monitor = await create({ period_seconds: 3600, grace_seconds: 300 });
    expect(monitor.heartbeat?.ping_url).toMatch(
      /^http:\/\/localhost:\d+\/ping\/[A-Za-z0-9_-]{43}$/,
    );
    expect(monitor.heartbeat?.last_ping_at).toBeNull();
    expect((await read(monitor.id)).heartbeat?.ping_url).toBe(monitor.heartbeat?.ping_url);
  });

  it("hides the ping URL, the job's credential, from a viewer who still sees the last pings", async () => {
    const monitor = await create({ period_seconds: 3600 });
    expect((await ping(pathOf(monitor.heartbeat!.ping_url))).statusCode).toBe(200);
    const viewer = await signedInMember(app, db(), account.accountId, "viewer");
    const asViewer = (url: string) => app.inject({ method: "GET", url, headers: viewer.cookie });
    const one = (await asViewer(`/api/v1/monitors/${monitor.id}`)).json<HeartbeatAnswer>();
    expect(one.heartbeat?.ping_url).toBeNull();
    expect(one.heartbeat?.last_signal).toBe("success");
    const list = (await asViewer("/api/v1/monitors")).json<{ data: HeartbeatAnswer[] }>();
    const listed = list.data.find((candidate) => candidate.id === monitor.id);
    expect(listed?.heartbeat?.ping_url).toBeNull();
  });

  it("refuses a target, an interval or a period outside its limits with a sentence", async () => {
    for (const [payload, detail] of [
      [{ target: "https://example.com" }, /has no target/],
      [{ interval_seconds: 60 }, /no interval/],
      [{ regions: ["us-west-1"] }, /no region/],
      [
        { options: { period_seconds: 30 } },
        /period_seconds must be a whole number of seconds from 60/,
      ],
      [{ options: { period_seconds: 3600, grace_seconds: 90_000 } }, /grace_seconds/],
    ] as const) {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: account.headers,
        payload: { type: "heartbeat", name: "Refused", ...payload },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(detail);
    }
  });

  it("stays up while pings arrive on time and goes down once when a deadline passes", async () => {
    const monitor = await create({ period_seconds: 3600, grace_seconds: 300 });
    const url = pathOf(monitor.heartbeat!.ping_url);
    const answer = await ping(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe("OK");
    expect((await read(monitor.id)).state).toBe("up");

    clock.now += 50 * MINUTE;
    await ping(url, "POST", "backup done");
    await app.sweepLateHeartbeats();
    const onTime = await read(monitor.id);
    expect(onTime.state).toBe("up");
    expect(onTime.heartbeat?.last_body).toBe("backup done");

    clock.now += 66 * MINUTE;
    await app.sweepLateHeartbeats();
    await app.sweepLateHeartbeats();
    const late = await read(monitor.id);
    expect(late.state).toBe("down");
    const downs = (await checks(monitor.id)).filter((check) => check.status === "down");
    expect(downs.map((check) => check.error)).toEqual([
      "No ping arrived within 1 hour and 5 minutes of grace.",
    ]);

    clock.now += 60 * MINUTE;
    await app.sweepLateHeartbeats();
    expect((await checks(monitor.id)).filter((check) => check.status === "down")).toHaveLength(2);

    await ping(url);
    expect((await read(monitor.id)).state).toBe("up");
  });

  it("gives a heartbeat resumed by an edit a whole period before it counts as late", async () => {
    const monitor = await create({ period_seconds: 3600, grace_seconds: 0 });
    const pause = await app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: account.headers,
      payload: { paused: true },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    clock.now += 10 * 60 * MINUTE;
    const resume = await app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: account.headers,
      payload: { paused: false },
    });
    expect(resume.statusCode, resume.body).toBe(200);
    await app.sweepLateHeartbeats();
    expect(await checks(monitor.id)).toEqual([]);
    clock.now += 61 * MINUTE;
    await app.sweepLateHeartbeats();
    expect((await checks(monitor.id)).map((check) => check.status)).toEqual(["down"]);
  });

  it("stores every ping answered OK as a check, even three arriving in one millisecond", async () => {
    const monitor = await create({ period_seconds: 3600 });
    const url = pathOf(monitor.heartbeat!.ping_url);
    for (const method of ["GET", "POST", "GET"] as const) {
      expect((await ping(url, method)).statusCode).toBe(200);
    }
    expect((await checks(monitor.id)).map((check) => check.status)).toEqual(["up", "up", "up"]);
  });

  it("goes down on a fail signal and records how long a started run took", async () => {
    const monitor = await create({ period_seconds: 86_400, grace_seconds: 0 });
    const url = pathOf(monitor.heartbeat!.ping_url);
    expect((await ping(`${url}/start`)).statusCode).toBe(200);
    clock.now += 95_000;
    await ping(url);
    const finished = await read(monitor.id);
    expect(finished.state).toBe("up");
    expect(finished.heartbeat?.last_run_ms).toBe(95_000);
    expect((await checks(monitor.id))[0]?.response_time_ms).toBe(95_000);

    const failed = await ping(`${url}/fail`, "POST", "disk full\u0000");
    expect(failed.statusCode).toBe(200);
    const down = await read(monitor.id);
    expect(down.state).toBe("down");
    expect(down.heartbeat?.last_signal).toBe("fail");
    expect(down.heartbeat?.last_body).toBe("disk full\\x00");
    expect((await checks(monitor.id))[0]?.error).toBe("The job reported a failure.");
    const alerts = await app.inject({
      method: "GET",
      url: `/api/v1/alerts?monitor_id=${monitor.id}`,
      headers: account.headers,
    });
    // A heartbeat ran from no region: its alert names none.
    expect(alerts.json().data.map((alert: { message: string }) => alert.message)).toEqual([
      "The job reported a failure.",
    ]);
  });

  it("keeps only the first KiB of a ping's body", async () => {
    const monitor = await create({ period_seconds: 3600 });
    await ping(pathOf(monitor.heartbeat!.ping_url), "POST", "x".repeat(5000));
    expect((await read(monitor.id)).heartbeat?.last_body).toBe("x".repeat(1024));
  });

  it("records a paused monitor's ping without changing its state", async () => {
    const monitor = await create({ period_seconds: 3600 });
    await app.inject({
      method: "POST",
      url: `/api/v1/monitors/${monitor.id}/pause`,
      headers: account.headers,
    });
    expect((await ping(pathOf(monitor.heartbeat!.ping_url))).statusCode).toBe(200);
    const paused = await read(monitor.id);
    expect(paused.state).toBe("unknown");
    expect(paused.heartbeat?.last_ping_at).not.toBeNull();
    expect(await checks(monitor.id)).toEqual([]);
  });

  it("answers every unknown or malformed token alike with 404", async () => {
    const answers = await Promise.all(
      [
        "/ping/nope",
        `/ping/${"A".repeat(43)}`,
        `/ping/${"A".repeat(43)}/fail`,
        "/ping/x/other",
      ].map((path) => ping(path, "POST")),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(answers[0]?.body);
    }
  });

  it("refuses an address that keeps trying unknown ping URLs, while real pings from it still count", async () => {
    const monitor = await create({ period_seconds: 3600 });
    const guess = (n: number) =>
      app.inject({
        method: "GET",
        url: `/ping/${"G".repeat(40)}${String(n).padStart(3, "0")}`,
        remoteAddress: "127.0.0.9",
      });
    for (let n = 0; n < 60; n += 1) expect((await guess(n)).statusCode).toBe(404);
    const refused = await guess(60);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /more than 60 pings to unknown ping URLs in a minute/,
    );
    const real = await app.inject({
      method: "GET",
      url: pathOf(monitor.heartbeat!.ping_url),
      remoteAddress: "127.0.0.9",
    });
    expect(real.statusCode).toBe(200);
  });

  it("limits each ping URL to 60 pings a minute", async () => {
    const monitor = await create({ period_seconds: 3600 });
    const url = pathOf(monitor.heartbeat!.ping_url);
    for (let n = 0; n < 60; n += 1) expect((await ping(url, "HEAD")).statusCode).toBe(200);
    const limited = await ping(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ detail: string }>().detail).toMatch(/more than 60 pings in a minute/);
  });

  it("replaces the ping URL so the old one stops working at once, in the audit log", async () => {
    account = await createTestAccount(db(), "business", ctx);
    const monitor = await create({ period_seconds: 3600 });
    const old = pathOf(monitor.heartbeat!.ping_url);
    const response = await app.inject({
      method: "POST",
      url: `/api/v1/monitors/${monitor.id}/heartbeat-token`,
      headers: account.headers,
    });
    expect(response.statusCode).toBe(200);
    const fresh = pathOf(response.json<HeartbeatAnswer>().heartbeat!.ping_url);
    expect(fresh).not.toBe(old);
    expect((await ping(old)).statusCode).toBe(404);
    expect((await ping(fresh)).statusCode).toBe(200);
    const audit = await app.inject({
      method: "GET",
      url: "/api/v1/audit-log",
      headers: account.headers,
    });
    expect(audit.body).toContain("monitor.ping_url_regenerated");
  });
});
