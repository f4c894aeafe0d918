import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { openEventStream } from "../../test/event-stream-client.ts";
import { describeOnPostgres } from "../../test/postgres-cluster.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { createServiceContext } from "../services/context.ts";

const CHECKING = { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" };

describeOnPostgres("two servers on one database", (db) => {
  let leader: FastifyInstance;
  let follower: FastifyInstance;
  let target: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const clock = { now: Date.UTC(2027, 0, 15, 8) };
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(200).end("ok"));
    leader = await buildTestApp(db(), { ctx: ctx(), env: CHECKING });
    follower = await buildTestApp(db(), { ctx: ctx(), env: CHECKING });
    account = await createTestAccount(db(), "hobby", ctx());
  });
  afterAll(async () => {
    await follower.close();
    await leader.close();
    await target.close();
  });

  const onFollower = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    follower.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
  const monitor = (name: string, paused = false) => ({
    type: "http",
    name,
    target: `http://127.0.0.1:${target.port}/health`,
    interval_seconds: 600,
    paused,
  });

  it("lets the first of them lead and the second follow", () => {
    expect(leader.leadership.isLeader()).toBe(true);
    expect(follower.leadership.isLeader()).toBe(false);
  });

  it("has the leader schedule a monitor created and deleted through the follower at once", async () => {
    const engine = leader.monitoringEngine!;
    const before = engine.counters().scheduled;
    const created = (await onFollower("POST", "/monitors", monitor("Shop"))).json();
    await vi.waitFor(() => expect(engine.counters().scheduled).toBe(before + 1));
    await onFollower("DELETE", `/monitors/${created.id}`);
    await vi.waitFor(() => expect(engine.counters().scheduled).toBe(before));
  });

  it("checks now through the follower and answers with the check the leader stored", async () => {
    const created = (await onFollower("POST", "/monitors", monitor("Blog", true))).json();
    await onFollower("POST", `/monitors/${created.id}/resume`);
    await expect
      .poll(async () => {
        await leader.monitoringEngine!.flush();
        return (await onFollower("GET", `/monitors/${created.id}/checks`)).json().data.length;
      })
      .toBe(1);
    clock.now += 10_000;
    const response = await onFollower("POST", `/monitors/${created.id}/check`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      checked_at: new Date(clock.now).toISOString(),
      status: "up",
    });
    const refused = await onFollower("POST", `/monitors/${created.id}/check`);
    expect(refused.statusCode).toBe(429);
  });

  it("streams the leader's checks to a browser connected to the follower", async () => {
    const address = await follower.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openEventStream(`${address}/api/v1/events`, account.headers);
    await vi.waitFor(() => expect(leader.live.listening(account.accountId)).toBe(true));
    const created = (await onFollower("POST", "/monitors", monitor("Docs"))).json();
    const check = await stream.next(
      (event) =>
        event.event === "check" && (event.data as { monitor_id: string }).monitor_id === created.id,
    );
    expect(check.data).toMatchObject({ check: { status: "up" }, monitor_status: "up" });
    stream.close();
  });
});
