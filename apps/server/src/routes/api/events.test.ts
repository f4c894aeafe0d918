import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  type EventStreamReader,
  openEventStream,
  type ReceivedEvent,
} from "../../../test/event-stream-client.ts";

type Data = Record<string, Record<string, unknown> | string>;
const dataOf = (event: ReceivedEvent) => event.data as Data;
const about = (monitorId: string) => (event: ReceivedEvent) =>
  JSON.stringify(event.data).includes(monitorId);

describeEachDatabase("live updates over a real socket", (db) => {
  let app: FastifyInstance;
  let base: string;
  let target: LoopbackServer;
  let owner: Awaited<ReturnType<typeof createTestAccount>>;
  let stranger: Awaited<ReturnType<typeof createTestAccount>>;
  let ours: EventStreamReader;
  let theirs: EventStreamReader;
  let monitorId: string;

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(503).end());
    app = await buildTestApp(db(), { env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" } });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createTestAccount(db(), "hobby");
    stranger = await createTestAccount(db(), "hobby");
    ours = await openEventStream(`${base}/api/v1/events`, {
      ...owner.headers,
      "accept-encoding": "gzip, br",
    });
    theirs = await openEventStream(`${base}/api/v1/events`, stranger.headers);
  });
  afterAll(async () => {
    ours.close();
    theirs.close();
    await app.close();
    await target.close();
  });

  const api = async (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    headers = owner.headers,
  ) => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return response.status === 204 ? null : response.json();
  };

  it("answers with an uncompressed event stream that suggests a reconnection delay", () => {
    expect(ours.response.statusCode).toBe(200);
    expect(ours.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(ours.response.headers["content-encoding"]).toBeUndefined();
    expect(ours.response.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(ours.text()).toMatch(/^retry: \d+\n\n/);
  });

  it("sends a new monitor, its failing check and the alert it opened, as the REST API shows them", async () => {
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Checkout",
      target: `http://127.0.0.1:${target.port}/`,
      interval_seconds: 600,
      failure_threshold: 1,
    });
    monitorId = monitor.id;
    const created = await ours.next(
      (event) => event.event === "monitor" && about(monitorId)(event),
    );
    expect(dataOf(created).monitor).toEqual(monitor);

    const check = await ours.next((event) => event.event === "check" && about(monitorId)(event));
    expect(dataOf(check)).toMatchObject({
      monitor_id: monitorId,
      monitor_status: "down",
      consecutive_failures: 1,
      check: { status: "down", status_code: 503 },
    });
    const stored = await api("GET", `/monitors/${monitorId}/checks`);
    expect(dataOf(check).check).toEqual(stored.data[0]);

    const opened = await ours.next((event) => event.event === "alert" && about(monitorId)(event));
    const alert = dataOf(opened).alert as { id: string };
    expect(alert).toMatchObject({ monitor_id: monitorId, state: "open", kind: "monitor-down" });
    expect(alert).toEqual(await api("GET", `/alerts/${alert.id}`));
  });

  it("sends an acknowledged alert, the alert a new target resolves, a paused monitor and a deleted one", async () => {
    const [open] = (await api("GET", `/alerts?monitor_id=${monitorId}`)).data;
    await api("POST", `/alerts/${open.id}/acknowledge`);
    const acknowledged = await ours.next(
      (event) =>
        event.event === "alert" &&
        (dataOf(event).alert as { state: string }).state === "acknowledged",
    );
    expect(acknowledged.data).toEqual({ alert: await api("GET", `/alerts/${open.id}`) });

    await api("PATCH", `/monitors/${monitorId}`, { target: `http://127.0.0.1:${target.port}/v2` });
    const resolved = await ours.next(
      (event) =>
        event.event === "alert" &&
        (dataOf(event).alert as { id: string; state: string }).id === open.id &&
        (dataOf(event).alert as { state: string }).state === "resolved",
    );
    expect(dataOf(resolved).alert).toMatchObject({ resolution: "monitor-changed" });

    await api("POST", `/monitors/${monitorId}/pause`);
    await ours.next(
      (event) => event.event === "monitor" && (dataOf(event).monitor as { paused: boolean }).paused,
    );
    await api("DELETE", `/monitors/${monitorId}`);
    const deleted = await ours.next((event) => event.event === "monitor-deleted");
    expect(deleted.data).toEqual({ monitor_id: monitorId });
  });

  it("sends a changed monitor with the regions no runner serves any more, as the REST API shows it", async () => {
    const now = Date.now();
    await db()
      .handle.db.insertInto("runners")
      .values({
        id: "run_eventsregions0000",
        name: "dublin",
        region: "eu-west-1",
        token_hash: "0".repeat(64),
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    // The served regions are cached for two seconds.
    const servedCacheMs = 2100;
    await new Promise((resolve) => setTimeout(resolve, servedCacheMs));
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Dublin storefront",
      target: `http://127.0.0.1:${target.port}/`,
      interval_seconds: 600,
      regions: ["eu-west-1"],
      paused: true,
    });
    expect(monitor.unserved_regions).toEqual([]);
    await db()
      .handle.db.updateTable("runners")
      .set({ last_seen_at: now - 60_000 })
      .where("id", "=", "run_eventsregions0000")
      .execute();
    await new Promise((resolve) => setTimeout(resolve, servedCacheMs));
    await api("PATCH", `/monitors/${monitor.id}`, { name: "Dublin shop" });
    const changed = await ours.next(
      (event) =>
        event.event === "monitor" &&
        about(monitor.id)(event) &&
        event.data !== null &&
        JSON.stringify(event.data).includes("Dublin shop"),
    );
    expect(dataOf(changed).monitor).toMatchObject({ unserved_regions: ["eu-west-1"] });
    // The monitor's own read adds the channels reached through its groups; the event has the rest.
    const { effective_channels: _reachedThroughGroups, ...read } = await api(
      "GET",
      `/monitors/${monitor.id}`,
    );
    expect(dataOf(changed).monitor).toEqual(read);
  });

  it("sends each heartbeat ping with what the last pings say now, a start that stores no check included", async () => {
    const heartbeat = await api("POST", "/monitors", {
      type: "heartbeat",
      name: "Nightly backup",
      options: { period_seconds: 3600 },
    });
    const pingPath = new URL(heartbeat.heartbeat.ping_url).pathname;
    const started = await fetch(`${base}${pingPath}/start`, { method: "POST", body: "rsync" });
    expect(started.status).toBe(200);
    const event = await ours.next(
      (received) => received.event === "heartbeat" && about(heartbeat.id)(received),
    );
    expect(event.data).toEqual({
      monitor_id: heartbeat.id,
      heartbeat: {
        last_ping_at: expect.any(String),
        last_started_at: expect.any(String),
        last_run_ms: null,
        last_signal: "start",
        last_body: "rsync",
      },
    });
    const read = await api("GET", `/monitors/${heartbeat.id}`);
    const { ping_url: _url, ...pings } = read.heartbeat;
    expect(pings).toEqual((event.data as { heartbeat: unknown }).heartbeat);

    expect((await fetch(`${base}${pingPath}`)).status).toBe(200);
    const finished = await ours.next(
      (received) =>
        received.event === "heartbeat" &&
        about(heartbeat.id)(received) &&
        JSON.stringify(received.data).includes('"last_signal":"success"'),
    );
    expect(dataOf(finished).heartbeat).toMatchObject({ last_run_ms: expect.any(Number) });
    expect(theirs.events.filter(about(heartbeat.id))).toEqual([]);
  });

  it("sends a group as it is made, given a monitor and deleted, to the account alone", async () => {
    const member = await api("POST", "/monitors", {
      type: "http",
      name: "Grouped",
      target: `http://127.0.0.1:${target.port}/`,
      interval_seconds: 600,
    });
    const group = await api("POST", "/groups", { name: "Production" });
    const made = await ours.next((event) => event.event === "group" && about(group.id)(event));
    expect(dataOf(made).group).toEqual(group);
    const joined = await api("POST", `/groups/${group.id}/monitors`, { monitor_ids: [member.id] });
    const changed = await ours.next(
      (event) => event.event === "group" && about(group.id)(event) && about(member.id)(event),
    );
    expect(dataOf(changed).group).toEqual(joined);
    await api("DELETE", `/groups/${group.id}`);
    const deleted = await ours.next((event) => event.event === "group-deleted");
    expect(deleted.data).toEqual({ group_id: group.id });
    expect(theirs.events.filter(about(group.id))).toEqual([]);
  });

  it("never sends one account's events to another", async () => {
    const own = await api(
      "POST",
      "/monitors",
      { type: "http", name: "Theirs", target: `http://127.0.0.1:${target.port}/` },
      stranger.headers,
    );
    await theirs.next((event) => event.event === "monitor" && about(own.id)(event));
    expect(theirs.events.filter(about(monitorId))).toEqual([]);
    expect(ours.events.filter(about(own.id))).toEqual([]);
  });

  it("refuses a stream without a valid API key", async () => {
    const response = await fetch(`${base}/api/v1/events`);
    expect(response.status).toBe(401);
    expect((await response.json()).detail).toContain("API key");
  });

  it("ends open streams promptly when the server shuts down", async () => {
    const closing = await buildTestApp(db());
    const address = await closing.listen({ port: 0, host: "127.0.0.1" });
    const streams = await Promise.all(
      [owner, owner, stranger].map((account) =>
        openEventStream(`${address}/api/v1/events`, account.headers),
      ),
    );
    expect(closing.live.count(owner.accountId)).toBe(2);
    const started = Date.now();
    await closing.close();
    await Promise.all(streams.map((stream) => stream.ended));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(closing.live.idle).toBe(true);
  });
});
