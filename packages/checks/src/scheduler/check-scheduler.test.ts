import { type CheckOutcome, type CheckSpec, NO_TIMINGS, nextPlannedRun } from "@upwatch/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testNetwork } from "../testing/network.ts";
import { type CheckReport, CheckScheduler, type ScheduledCheck } from "./check-scheduler.ts";

const UP: CheckOutcome = {
  status: "up",
  responseTimeMs: 1,
  timings: NO_TIMINGS,
  statusCode: 200,
  error: null,
};

function check(id: string, intervalMs = 60_000): ScheduledCheck {
  return {
    id,
    intervalMs,
    spec: { type: "tcp", target: `${id}.test:80`, timeoutMs: 5000, options: {} },
  };
}

/** A scheduler whose checks take `durationMs` of fake time and never touch the network. */
function scheduler(options: { concurrency?: number; durationMs?: number } = {}) {
  const reports: CheckReport[] = [];
  const planned: [string, number][] = [];
  let running = 0;
  let peak = 0;
  const run = (_spec: CheckSpec, { signal }: { signal?: AbortSignal }) =>
    new Promise<CheckOutcome>((resolve, reject) => {
      running += 1;
      peak = Math.max(peak, running);
      const timer = setTimeout(() => {
        running -= 1;
        resolve(UP);
      }, options.durationMs ?? 10);
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        running -= 1;
        reject(signal.reason);
      });
    });
  const instance = new CheckScheduler({
    network: testNetwork(),
    concurrency: options.concurrency ?? 100,
    onReport: (report) => reports.push(report),
    onPlanned: (scheduled, plannedAt) => planned.push([scheduled.id, plannedAt]),
    run,
  });
  return { instance, reports, planned, peak: () => peak };
}

describe("the check scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 9, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs every monitor once per interval, at its planned time", async () => {
    const { instance, reports } = scheduler();
    const start = Date.now();
    for (let index = 0; index < 50; index++) instance.upsert(check(`mon_${index}`));
    instance.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reports).toHaveLength(50);
    for (const report of reports) {
      expect(report.plannedAt).toBe(nextPlannedRun(report.monitorId, 60_000, start));
      expect(report.startedAt - report.plannedAt).toBe(0);
    }
    await instance.stop();
  });

  it("plans each run from the previous planned time, so slow checks cause no drift", async () => {
    const { instance, reports } = scheduler({ durationMs: 7_000 });
    instance.upsert(check("mon_drift", 10_000));
    instance.start();
    await vi.advanceTimersByTimeAsync(100_000);
    const planned = reports.map((report) => report.plannedAt);
    expect(planned.length).toBeGreaterThanOrEqual(9);
    for (let index = 1; index < planned.length; index++) {
      expect(planned[index]! - planned[index - 1]!).toBe(10_000);
    }
    await instance.stop();
  });

  it("never runs one monitor twice at once, skipping a slot instead", async () => {
    const { instance, reports, peak } = scheduler({ durationMs: 25_000 });
    instance.upsert(check("mon_slow", 10_000));
    instance.start();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(peak()).toBe(1);
    expect(instance.counters().skipped).toBeGreaterThanOrEqual(5);
    expect(reports.length).toBeLessThanOrEqual(4);
    await instance.stop();
  });

  it("keeps to the global concurrency limit and starts waiting checks as others finish", async () => {
    const { instance, reports, peak } = scheduler({ concurrency: 3, durationMs: 1_000 });
    for (let index = 0; index < 200; index++) instance.upsert(check(`mon_${index}`, 30_000));
    instance.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(peak()).toBe(3);
    expect(reports.length).toBeGreaterThan(200);
    expect(reports.some((report) => report.startedAt > report.plannedAt)).toBe(true);
    await instance.stop();
  });

  it("runs a new monitor at once when asked, then on its plan", async () => {
    const { instance, reports } = scheduler();
    instance.start();
    const now = Date.now();
    instance.upsert(check("mon_new"), true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reports.map((report) => report.plannedAt)).toEqual([
      now,
      nextPlannedRun("mon_new", 60_000, now),
    ]);
    await instance.stop();
  });

  it("stops running a removed monitor and follows a changed interval", async () => {
    const { instance, reports } = scheduler();
    instance.upsert(check("mon_a", 10_000));
    instance.upsert(check("mon_b", 10_000));
    instance.start();
    await vi.advanceTimersByTimeAsync(10_000);
    instance.remove("mon_a");
    instance.upsert(check("mon_b", 30_000));
    const before = reports.length;
    await vi.advanceTimersByTimeAsync(60_000);
    const later = reports.slice(before);
    expect(later.every((report) => report.monitorId === "mon_b")).toBe(true);
    expect(later).toHaveLength(2);
    await instance.stop();
  });

  it("plans the same times after a restart", async () => {
    const first = scheduler();
    first.instance.upsert(check("mon_restart"));
    first.instance.start();
    await vi.advanceTimersByTimeAsync(60_000);
    await first.instance.stop();
    const second = scheduler();
    second.instance.upsert(check("mon_restart"));
    second.instance.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.reports[0]!.plannedAt - first.reports[0]!.plannedAt).toBe(60_000);
    await second.instance.stop();
  });

  it("aborts checks in flight on stop, drops their results and plans nothing more", async () => {
    const { instance, reports } = scheduler({ durationMs: 30_000 });
    for (let index = 0; index < 20; index++) instance.upsert(check(`mon_${index}`));
    instance.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(instance.counters().running).toBeGreaterThan(0);
    await instance.stop();
    expect(instance.counters().running).toBe(0);
    const count = reports.length;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(reports.length).toBe(count);
  });

  it("runs a monitor now when asked and answers with its report, joining a run already going", async () => {
    const { instance, reports, peak } = scheduler({ durationMs: 2_000 });
    instance.upsert(check("mon_now", 3_600_000));
    instance.start();
    const first = instance.runNow("mon_now");
    expect(instance.isRunning("mon_now")).toBe(true);
    const joined = instance.runNow("mon_now");
    await vi.advanceTimersByTimeAsync(2_000);
    const [report, same] = await Promise.all([first, joined]);
    expect(report).toMatchObject({ monitorId: "mon_now", outcome: UP });
    expect(same).toBe(report);
    expect(reports).toEqual([report]);
    expect(peak()).toBe(1);
    expect(await instance.runNow("mon_unknown")).toBeUndefined();
    await instance.stop();
    expect(await instance.runNow("mon_now")).toBeUndefined();
  });

  it("tells every planned time, and runs only the checks that run here", async () => {
    const { instance, reports, planned } = scheduler();
    const start = Date.now();
    instance.upsert(check("here"));
    instance.upsert({ ...check("elsewhere"), runsHere: false });
    instance.start();
    await vi.advanceTimersByTimeAsync(120_000);
    const timesOf = (id: string) => planned.filter(([name]) => name === id).map(([, at]) => at);
    expect(timesOf("elsewhere")).toEqual([
      nextPlannedRun("elsewhere", 60_000, start),
      nextPlannedRun("elsewhere", 60_000, start) + 60_000,
    ]);
    expect(timesOf("here")).toHaveLength(2);
    expect(reports.map((report) => report.monitorId)).toEqual(["here", "here"]);
    await instance.stop();
  });

  it("runs a check now for the planned time it is given", async () => {
    const { instance } = scheduler();
    instance.upsert(check("asked"));
    instance.start();
    const report = instance.runNow("asked", 1234);
    await vi.advanceTimersByTimeAsync(20);
    expect((await report)?.plannedAt).toBe(1234);
    await instance.stop();
  });
});
