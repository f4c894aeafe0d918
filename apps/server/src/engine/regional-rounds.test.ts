import { BrokerControl } from "@upwatch/broker";
import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { createRegionalEngine, DOWN, eventually, resultOf, UP } from "../../test/regions.ts";
import { revokeRunner } from "../services/runners/revoke-runner.ts";

describeEachDatabase("rounds checked from several regions", (db) => {
  let target: LoopbackServer;
  let kit: Awaited<ReturnType<typeof createRegionalEngine>>;

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(200).end("ok"));
  });
  afterAll(() => target.close());
  afterEach(() => kit.close());

  const site = () => `http://127.0.0.1:${target.port}/`;
  const stored = (monitorId: string) =>
    kit.ctx.db
      .selectFrom("check_results")
      .select(["region", "up", "planned_at"])
      .where("monitor_id", "=", monitorId)
      .orderBy("region")
      .execute();
  const stateOf = async (monitorId: string) =>
    (
      await kit.ctx.db
        .selectFrom("monitors")
        .select(["state", "consecutive_failures"])
        .where("id", "=", monitorId)
        .executeTakeFirstOrThrow()
    ).state;
  const alertsOf = (monitorId: string) =>
    kit.ctx.db.selectFrom("alerts").selectAll().where("monitor_id", "=", monitorId).execute();

  it("keeps a monitor up when one of two regions fails under the majority rule, and stores both results", async () => {
    kit = await createRegionalEngine(db());
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["us-west-1", "eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    expect(jobs.map((job) => [job.monitorId, job.region])).toEqual([[monitor.id, "eu-west-1"]]);
    expect(jobs[0]!.startBy).toBe(jobs[0]!.plannedAt + 10_000);
    await runner.report(jobs.map((job) => resultOf(job, DOWN)));
    expect((await round).outcome).toBe("checked");
    const rows = await stored(monitor.id);
    expect(rows.map((row) => [row.region, row.up])).toEqual([
      ["eu-west-1", 0],
      ["us-west-1", 1],
    ]);
    expect(rows[0]!.planned_at).toBe(rows[1]!.planned_at);
    expect(await stateOf(monitor.id)).toBe("up");
    expect(await alertsOf(monitor.id)).toEqual([]);
    await runner.close();
  });

  it("takes a monitor down when one of two regions fails under the any rule, names that region in the alert, and recovers when both are up", async () => {
    kit = await createRegionalEngine(db());
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({
      target: site(),
      regions: ["us-west-1", "eu-west-1"],
      rule: "any",
    });
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    await runner.report(jobs.map((job) => resultOf(job, DOWN)));
    expect((await round).outcome).toBe("checked");
    expect(await stateOf(monitor.id)).toBe("down");
    const [alert] = await alertsOf(monitor.id);
    expect(alert!.message).toBe(
      "Expected a 2xx or 3xx status but the server answered 503. Failed from eu-west-1.",
    );

    kit.clock.advance(60_000);
    const next = kit.engine.checkNow(monitor, 0);
    const again = await runner.take();
    await runner.report(again.map((job) => resultOf(job, UP)));
    expect((await next).outcome).toBe("checked");
    expect(await stateOf(monitor.id)).toBe("up");
    const [resolved] = await alertsOf(monitor.id);
    expect(resolved).toMatchObject({ state: "resolved", resolution: "recovered" });
    await runner.close();
  });

  it("records regions that never answered as missed, changes no health and opens no alert", async () => {
    kit = await createRegionalEngine(db());
    await kit.engine.start();
    const monitor = await kit.monitor({
      target: site(),
      regions: ["us-west-2", "ap-southeast-2"],
      rule: "any",
    });
    expect((await kit.engine.checkNow(monitor, 0)).outcome).toBe("not-run");
    kit.engine.saved(monitor);
    expect(kit.engine.counters().openRounds).toBe(1);
    kit.clock.advance(21_000);
    await kit.engine.closeDueRounds();
    const missed = await kit.ctx.db
      .selectFrom("missed_checks")
      .select(["region", "reason"])
      .where("monitor_id", "=", monitor.id)
      .orderBy("region")
      .execute();
    expect(missed).toEqual([
      { region: "ap-southeast-2", reason: "no-runner" },
      { region: "us-west-2", reason: "no-runner" },
    ]);
    const rollups = await kit.ctx.db
      .selectFrom("check_region_rollups")
      .select(["region", "missed", "checks"])
      .where("monitor_id", "=", monitor.id)
      .where("bucket_seconds", "=", 3600)
      .orderBy("region")
      .execute();
    expect(rollups.map((row) => [row.region, Number(row.missed), Number(row.checks)])).toEqual([
      ["ap-southeast-2", 1, 0],
      ["us-west-2", 1, 0],
    ]);
    expect(await stored(monitor.id)).toEqual([]);
    expect(await stateOf(monitor.id)).toBe("unknown");
    expect(await alertsOf(monitor.id)).toEqual([]);
  });

  it("says a live runner's silence is a missing result, not a missing runner", async () => {
    kit = await createRegionalEngine(db());
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["us-west-1", "eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    await runner.take();
    await eventually(
      () => stored(monitor.id),
      () => kit.engine.counters().completed > 0,
    );
    kit.clock.advance(21_000);
    await kit.engine.closeDueRounds();
    expect((await round).outcome).toBe("checked");
    const missed = await kit.ctx.db
      .selectFrom("missed_checks")
      .select(["region", "reason"])
      .where("monitor_id", "=", monitor.id)
      .execute();
    expect(missed).toEqual([{ region: "eu-west-1", reason: "no-result" }]);
    expect((await stored(monitor.id)).map((row) => row.region)).toEqual(["us-west-1"]);
    expect(await stateOf(monitor.id)).toBe("up");
    await runner.close();
  });

  it("stores a result a runner repeats only once and acknowledges both reports", async () => {
    kit = await createRegionalEngine(db(), { localRegion: null });
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    await runner.report(jobs.map((job) => resultOf(job, UP)));
    expect((await round).outcome).toBe("checked");
    await runner.report(jobs.map((job) => resultOf(job, UP)));
    await eventually(
      () => kit.engine.counters().duplicates,
      (count) => count === 1,
    );
    await eventually(
      () => runner.unacknowledged(),
      (pending) => pending === 0,
    );
    await kit.engine.flush();
    expect(kit.engine.counters().duplicates).toBe(1);
    expect(await stored(monitor.id)).toHaveLength(1);
    const rollup = await kit.ctx.db
      .selectFrom("check_rollups")
      .select("checks")
      .where("monitor_id", "=", monitor.id)
      .where("bucket_seconds", "=", 3600)
      .executeTakeFirstOrThrow();
    expect(Number(rollup.checks)).toBe(1);
    await runner.close();
  });

  it("judges a result left from a round the previous leadership planned, with the monitor's regions", async () => {
    kit = await createRegionalEngine(db(), { localRegion: null });
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    await kit.engine.stop();
    expect((await round).outcome).toBe("not-run");
    await kit.engine.start();
    await runner.report(jobs.map((job) => resultOf(job, DOWN)));
    const rows = await eventually(
      async () => {
        await kit.engine.flush();
        return stored(monitor.id);
      },
      (found) => found.length > 0,
    );
    expect(rows.map((row) => [row.region, row.up, row.planned_at])).toEqual([
      ["eu-west-1", 0, jobs[0]!.plannedAt],
    ]);
    expect(await stateOf(monitor.id)).toBe("down");
    await runner.close();
  });

  it("keeps a report whose round was still open when leadership stopped, and stores it after the next start", async () => {
    kit = await createRegionalEngine(db(), { localRegion: null });
    await kit.engine.start();
    const europe = await kit.liveRunner("eu-west-1");
    const sydney = await kit.liveRunner("ap-southeast-2");
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1", "ap-southeast-2"] });
    const round = kit.engine.checkNow(monitor, 0);
    const [europeJob] = await europe.take();
    const [sydneyJob] = await sydney.take();
    await europe.report([resultOf(europeJob!, UP)]);
    await eventually(
      () => kit.engine.counters().completed,
      (count) => count > 0,
    );
    await kit.engine.stop();
    expect((await round).outcome).toBe("not-run");
    expect(await europe.unacknowledged()).toBe(1);
    await kit.engine.start();
    await sydney.report([resultOf(sydneyJob!, UP)]);
    const rows = await eventually(
      async () => {
        await kit.engine.flush();
        return stored(monitor.id);
      },
      (found) => found.length === 2,
    );
    expect(rows.map((row) => row.region)).toEqual(["ap-southeast-2", "eu-west-1"]);
    await eventually(
      () => europe.unacknowledged(),
      (pending) => pending === 0,
    );
    expect(await europe.unacknowledged()).toBe(0);
    await europe.close();
    await sydney.close();
  });

  it("refuses the reports of a revoked runner, tells it so, and stores none of its results", async () => {
    kit = await createRegionalEngine(db(), { localRegion: null });
    await kit.engine.start();
    const runner = await kit.runner("eu-west-1");
    const answers: { runnerId: string; status: string }[] = [];
    const control = new BrokerControl({ url: kit.url, prefix: kit.prefix });
    await control.onRunnerControl((message) => answers.push(message));
    await runner.heartbeat();
    await eventually(
      () => answers.length,
      (count) => count > 0,
    );
    expect(answers[0]).toMatchObject({ runnerId: runner.runnerId, status: "accepted" });
    await kit.engine.checkRegions();
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    await revokeRunner(kit.ctx, runner.runnerId);
    await control.announceRevoked(runner.runnerId);
    await eventually(
      () => answers.length,
      (count) => count > 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await runner.report(jobs.map((job) => resultOf(job, DOWN)));
    await eventually(
      () => answers.filter((answer) => answer.status === "refused").length,
      (count) => count > 0,
    );
    await eventually(
      () => runner.unacknowledged(),
      (pending) => pending === 0,
    );
    kit.clock.advance(21_000);
    await kit.engine.closeDueRounds();
    expect((await round).outcome).toBe("not-run");
    expect(await stored(monitor.id)).toEqual([]);
    expect(await stateOf(monitor.id)).toBe("unknown");
    await control.close();
    await runner.close();
  });
});
