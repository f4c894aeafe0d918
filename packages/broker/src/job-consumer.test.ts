import type { CheckOutcome } from "@upwatch/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckDispatch } from "./check-dispatch.ts";
import { JobConsumer, type JobConsumerOptions } from "./job-consumer.ts";
import type { CheckJob } from "./messages.ts";
import { jobFor, pendingJobs, recordingInbox, UP } from "./testing/jobs.ts";
import { eventually, testPrefix, testRedisUrl } from "./testing/redis.ts";
import { relayTo } from "./testing/relay.ts";

const RUNNER_A = "run_aaaaaaaaaaaaaaaa";
const RUNNER_B = "run_bbbbbbbbbbbbbbbb";

describe("runners taking check jobs from the broker", () => {
  const url = testRedisUrl();
  let keys: ReturnType<typeof testPrefix>;
  const closers: (() => Promise<void> | void)[] = [];

  beforeEach(() => {
    keys = testPrefix(url);
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await keys.clean();
  });

  function dispatch(): CheckDispatch {
    const made = new CheckDispatch({ url, prefix: keys.prefix });
    closers.push(() => made.close());
    return made;
  }

  function inbox() {
    const made = recordingInbox(url, keys.prefix);
    closers.push(() => made.inbox.stop());
    return made;
  }

  function runner(
    runnerId: string,
    run: (job: CheckJob, signal: AbortSignal) => Promise<CheckOutcome>,
    options: Partial<JobConsumerOptions> = {},
  ): JobConsumer {
    const made = new JobConsumer({
      url,
      prefix: keys.prefix,
      runnerId,
      token: `upr_${runnerId}_secret`,
      region: "eu-west-1",
      version: "1.0.0",
      capacity: 10,
      run,
      claimIntervalMs: 100,
      ...options,
    });
    closers.push(() => made.stop(0));
    return made;
  }

  /** A check that never finishes by itself; it ends when the runner abandons it. */
  const hanging = (_job: CheckJob, signal: AbortSignal) =>
    new Promise<CheckOutcome>((_, reject) =>
      signal.addEventListener("abort", () => reject(signal.reason)),
    );

  it("runs a published job once, on one of the region's two runners", async () => {
    const runs: string[] = [];
    const record = (name: string) => async (job: CheckJob) => {
      runs.push(`${name}:${job.monitorId}`);
      return UP;
    };
    const reports = inbox();
    runner(RUNNER_A, record("a")).startConsuming();
    runner(RUNNER_B, record("b")).startConsuming();
    await dispatch().publish([jobFor("mon_first")]);
    await eventually(() => reports.results().length === 1, "the first result");
    // A later job's result proves the first had every chance to run twice.
    await dispatch().publish([jobFor("mon_second")]);
    await eventually(() => reports.results().length === 2, "the second result");

    expect(runs.filter((run) => run.endsWith(":mon_first"))).toHaveLength(1);
    const first = reports.results().find((result) => result.monitorId === "mon_first");
    expect(first).toMatchObject({ region: "eu-west-1", outcome: UP });
    await eventually(async () => (await pendingJobs(url, keys.prefix)) === 0, "the acks");
  });

  it("hands the job's identity back with its result, so the server can tell it dispatched the check", async () => {
    const reports = inbox();
    runner(RUNNER_A, async () => UP).startConsuming();
    const job = jobFor("mon_identified");
    await dispatch().publish([{ ...job, jobId: "aWRlbnRpdHktb2YtdGhlLWpvYg" }]);
    await eventually(() => reports.results().length === 1, "the result");
    expect(reports.results()[0]).toMatchObject({
      monitorId: "mon_identified",
      plannedAt: job.plannedAt,
      jobId: "aWRlbnRpdHktb2YtdGhlLWpvYg",
    });
  });

  it("hands a job held by a runner that died to another runner once it has been idle", async () => {
    const reports = inbox();
    const dying = runner(RUNNER_A, hanging);
    dying.startConsuming();
    await dispatch().publish([jobFor("mon_orphan")]);
    await eventually(() => dying.running === 1, "the first runner to take the job");
    dying.abandon();

    runner(RUNNER_B, async () => UP, { reclaimIdleMs: 300 }).startConsuming();
    await eventually(() => reports.results().length === 1, "the result from the second runner");
    const report = reports.entries.find((entry) => entry.report?.results.length)?.report;
    expect(report?.runnerId).toBe(RUNNER_B);
    expect(report?.results[0]?.monitorId).toBe("mon_orphan");
  });

  it("gives a restarted runner back the jobs it held before", async () => {
    const reports = inbox();
    const before = runner(RUNNER_A, hanging);
    before.startConsuming();
    await dispatch().publish([jobFor("mon_held")]);
    await eventually(() => before.running === 1, "the runner to take the job");
    before.abandon();

    runner(RUNNER_A, async () => UP, { reclaimIdleMs: 600_000 }).startConsuming();
    await eventually(() => reports.results().length === 1, "the result after the restart");
    const report = reports.entries.find((entry) => entry.report?.results.length)?.report;
    expect(report?.runnerId).toBe(RUNNER_A);
    expect(report?.results[0]?.monitorId).toBe("mon_held");
  });

  it("acks a job whose start-by time has passed without running it", async () => {
    const runs: string[] = [];
    const skipped: (CheckJob | null)[] = [];
    const late = jobFor("mon_late", "eu-west-1", Date.now() - 60_000);
    runner(
      RUNNER_A,
      async (job) => {
        runs.push(job.monitorId);
        return UP;
      },
      { onSkipped: (job) => skipped.push(job) },
    ).startConsuming();
    await dispatch().publish([late]);
    await eventually(() => skipped.length === 1, "the late job to be skipped");
    await eventually(async () => (await pendingJobs(url, keys.prefix)) === 0, "the ack");
    expect(skipped[0]?.monitorId).toBe("mon_late");
    expect(runs).toEqual([]);
  });

  it("reports many finished checks and acks their jobs", async () => {
    const reports = inbox();
    runner(RUNNER_A, async () => UP).startConsuming();
    const jobs = Array.from({ length: 25 }, (_, index) => jobFor(`mon_${index}`));
    await dispatch().publish(jobs);
    await eventually(() => reports.results().length === 25, "every result");
    expect(new Set(reports.results().map((result) => result.monitorId)).size).toBe(25);
    await eventually(async () => (await pendingJobs(url, keys.prefix)) === 0, "the acks");
  });

  it("never runs more checks at once than its capacity", async () => {
    const reports = inbox();
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const consumer = runner(
      RUNNER_A,
      () =>
        new Promise<CheckOutcome>((done) => {
          running += 1;
          most = Math.max(most, running);
          releases.push(() => {
            running -= 1;
            done(UP);
          });
        }),
      { capacity: 3 },
    );
    consumer.startConsuming();
    await dispatch().publish(Array.from({ length: 7 }, (_, index) => jobFor(`mon_${index}`)));
    for (let released = 0; released < 7; released += 1) {
      await eventually(() => releases.length > 0, "a running check");
      releases.shift()!();
    }
    await eventually(() => reports.results().length === 7, "every result");
    expect(most).toBe(3);
  });

  it("sends a heartbeat with its capacity at once and keeps sending them", async () => {
    const reports = inbox();
    const consumer = runner(RUNNER_A, async () => UP, { heartbeatIntervalMs: 100 });
    await consumer.startHeartbeats();
    await eventually(
      () => reports.entries.filter((entry) => entry.report?.heartbeat).length >= 2,
      "two heartbeats",
    );
    expect(reports.entries[0]?.report).toMatchObject({
      runnerId: RUNNER_A,
      token: `upr_${RUNNER_A}_secret`,
      region: "eu-west-1",
      version: "1.0.0",
      heartbeat: true,
      results: [],
      inFlight: 0,
      capacity: 10,
    });
  });

  it("sends the results of checks that finish while it stops", async () => {
    const reports = inbox();
    let release = () => {};
    const consumer = runner(
      RUNNER_A,
      () =>
        new Promise<CheckOutcome>((done) => {
          release = () => done(UP);
        }),
    );
    consumer.startConsuming();
    await dispatch().publish([jobFor("mon_finishing")]);
    await eventually(() => consumer.running === 1, "the check to start");
    const stopped = consumer.stop(5000);
    release();
    await stopped;
    await eventually(() => reports.results().length === 1, "the last result");
    await eventually(async () => (await pendingJobs(url, keys.prefix)) === 0, "the ack");
  });

  it("keeps a result found while the broker was away and sends it once the broker is back", async () => {
    const reports = inbox();
    const relay = await relayTo(url);
    closers.push(() => relay.close());
    let release = () => {};
    const errors: unknown[] = [];
    const consumer = runner(
      RUNNER_A,
      () =>
        new Promise<CheckOutcome>((done) => {
          release = () => done(UP);
        }),
      { url: relay.url, onError: (error) => errors.push(error) },
    );
    consumer.startConsuming();
    await dispatch().publish([jobFor("mon_through_outage")]);
    await eventually(() => consumer.running === 1, "the check to start");

    await relay.cut();
    release();
    await eventually(() => consumer.running === 0, "the check to finish");
    await eventually(() => errors.length > 0, "the lost connection to be reported");
    await relay.restore();

    await eventually(() => reports.results().length === 1, "the result after the outage");
    expect(reports.results()[0]?.monitorId).toBe("mon_through_outage");
    await eventually(async () => (await pendingJobs(url, keys.prefix)) === 0, "the ack");
  });

  it("stops even while the broker does not answer, leaving its jobs pending", async () => {
    const relay = await relayTo(url);
    closers.push(() => relay.close());
    let release = () => {};
    const consumer = runner(
      RUNNER_A,
      () =>
        new Promise<CheckOutcome>((done) => {
          release = () => done(UP);
        }),
      { url: relay.url },
    );
    consumer.startConsuming();
    await dispatch().publish([jobFor("mon_unsent")]);
    await eventually(() => consumer.running === 1, "the check to start");
    await relay.cut();
    release();
    await consumer.stop(100);
    expect(await pendingJobs(url, keys.prefix)).toBe(1);
  });
});
