import type { RunnerResult } from "@upwatch/broker";
import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { createRegionalEngine, DOWN, eventually, resultOf, UP } from "../../test/regions.ts";
import { ServerMetrics } from "../metrics/server-metrics.ts";

describeEachDatabase("results a runner sends for checks it was not given", (db) => {
  let target: LoopbackServer;
  let kit: Awaited<ReturnType<typeof createRegionalEngine>>;
  let metrics: ServerMetrics;

  beforeAll(async () => {
    target = await startHttpServer((_request, response) => response.writeHead(200).end("ok"));
  });
  afterAll(() => target.close());
  afterEach(() => kit.close());

  const site = () => `http://127.0.0.1:${target.port}/`;
  const start = async () => {
    metrics = new ServerMetrics();
    kit = await createRegionalEngine(db(), { localRegion: null, metrics });
    return kit;
  };
  const stored = (monitorId: string) =>
    kit.ctx.db
      .selectFrom("check_results")
      .select(["region", "up", "planned_at"])
      .where("monitor_id", "=", monitorId)
      .execute();
  const stateOf = async (monitorId: string) =>
    (
      await kit.ctx.db
        .selectFrom("monitors")
        .select("state")
        .where("id", "=", monitorId)
        .executeTakeFirstOrThrow()
    ).state;
  const refused = async (reason: string) => {
    const counter = await metrics.registry
      .getSingleMetric("upwatch_runner_results_refused_total")
      ?.get();
    return counter?.values.find((value) => value.labels.reason === reason)?.value ?? 0;
  };
  const refusalsLogged = () =>
    kit.warnings
      .filter((warning) => warning.message === "a runner result was refused")
      .map(({ fields }) => ({
        runnerId: fields.runnerId,
        region: fields.region,
        monitorId: fields.monitorId,
        reason: fields.reason,
      }));
  /** Waits until the engine has read every report the runner sent, then writes what it judged. */
  const settled = async (runner: { unacknowledged(): Promise<number> }) => {
    await eventually(
      () => runner.unacknowledged(),
      (pending) => pending === 0,
    );
    await kit.engine.flush();
  };
  const madeUp = (monitorId: string, plannedAt: number, jobId?: string): RunnerResult => ({
    monitorId,
    region: "eu-west-1",
    plannedAt,
    startedAt: plannedAt + 5,
    ...(jobId ? { jobId } : {}),
    outcome: DOWN,
  });

  it("refuses a result of a check no job was handed out for, counts and logs it, and leaves the monitor as it was", async () => {
    await start();
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const plannedAt = kit.clock.now() - 30_000;
    await runner.report([
      madeUp(monitor.id, plannedAt),
      madeUp(monitor.id, plannedAt - 60_000, "bm90LWEtam9iLWlkZW50aXR5"),
    ]);
    await settled(runner);
    expect(await refused("not-dispatched")).toBe(2);
    expect(refusalsLogged()).toContainEqual({
      runnerId: runner.runnerId,
      region: "eu-west-1",
      monitorId: monitor.id,
      reason: "not-dispatched",
    });
    await kit.engine.closeDueRounds();
    expect(await stored(monitor.id)).toEqual([]);
    expect(await stateOf(monitor.id)).toBe("unknown");
    await runner.close();
  });

  it("refuses a result planned an hour ahead and stores nothing of it", async () => {
    await start();
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    await runner.report([madeUp(monitor.id, kit.clock.now() + 3_600_000)]);
    await settled(runner);
    expect(await refused("future")).toBe(1);
    expect(refusalsLogged()).toEqual([
      { runnerId: runner.runnerId, region: "eu-west-1", monitorId: monitor.id, reason: "future" },
    ]);
    await kit.engine.closeDueRounds();
    expect(await stored(monitor.id)).toEqual([]);
    expect(await stateOf(monitor.id)).toBe("unknown");
    await runner.close();
  });

  it("stores a dispatched result once, and refuses its repeat and results of monitors the runner's region does not check", async () => {
    await start();
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    const elsewhere = await kit.monitor({ target: site(), regions: ["us-west-2"] });
    await kit.engine.sync();
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    expect(jobs[0]!.jobId).toEqual(expect.any(String));
    await runner.report(jobs.map((job) => resultOf(job, UP)));
    expect((await round).outcome).toBe("checked");
    await runner.report([
      ...jobs.map((job) => resultOf(job, DOWN)),
      madeUp(elsewhere.id, jobs[0]!.plannedAt, jobs[0]!.jobId),
      madeUp("mon_nosuchmonitor", jobs[0]!.plannedAt),
    ]);
    await settled(runner);
    expect(await refused("duplicate")).toBe(1);
    expect(await refused("wrong-region")).toBe(1);
    expect(await refused("unknown-monitor")).toBe(1);
    expect(refusalsLogged().map((refusal) => [refusal.monitorId, refusal.reason])).toEqual([
      [monitor.id, "duplicate"],
      [elsewhere.id, "wrong-region"],
      ["mon_nosuchmonitor", "unknown-monitor"],
    ]);
    expect((await stored(monitor.id)).map((row) => row.up)).toEqual([1]);
    expect(await stored(elsewhere.id)).toEqual([]);
    expect(await stateOf(monitor.id)).toBe("up");
    expect(await stateOf(elsewhere.id)).toBe("unknown");
    await runner.close();
  });

  it("refuses a result that arrives after its round closed without it", async () => {
    await start();
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    const jobs = await runner.take();
    kit.clock.advance(21_000);
    await kit.engine.closeDueRounds();
    expect((await round).outcome).toBe("not-run");
    await runner.report(jobs.map((job) => resultOf(job, DOWN)));
    await settled(runner);
    expect(await refused("too-late")).toBe(1);
    expect(await stored(monitor.id)).toEqual([]);
    expect(await stateOf(monitor.id)).toBe("unknown");
    await runner.close();
  });

  it("after leadership moved, stores the result of a dispatched job by its identity and refuses one whose identity was made up", async () => {
    await start();
    await kit.engine.start();
    const runner = await kit.liveRunner("eu-west-1");
    const monitor = await kit.monitor({ target: site(), regions: ["eu-west-1"] });
    const round = kit.engine.checkNow(monitor, 0);
    const [job] = await runner.take();
    await kit.engine.stop();
    expect((await round).outcome).toBe("not-run");
    await kit.engine.start();
    const forged = { ...resultOf(job!, DOWN), plannedAt: job!.plannedAt - 1000 };
    await runner.report([forged, resultOf(job!, UP)]);
    await settled(runner);
    const rows = await eventually(
      async () => {
        await kit.engine.flush();
        return stored(monitor.id);
      },
      (found) => found.length > 0,
    );
    expect(rows.map((row) => [row.up, row.planned_at])).toEqual([[1, job!.plannedAt]]);
    expect(await refused("not-dispatched")).toBe(1);
    expect(await stateOf(monitor.id)).toBe("up");
    await runner.close();
  });
});
