import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckDispatch } from "./check-dispatch.ts";
import { JobConsumer } from "./job-consumer.ts";
import { type InboxEntry, ReportInbox } from "./report-inbox.ts";
import { jobFor, recordingInbox, UP } from "./testing/jobs.ts";
import { eventually, testPrefix, testRedisUrl } from "./testing/redis.ts";

const RUNNER = "run_aaaaaaaaaaaaaaaa";

describe("the leader's inbox of runner reports", () => {
  const url = testRedisUrl();
  let keys: ReturnType<typeof testPrefix>;
  let redis: Redis;
  const closers: (() => Promise<void> | void)[] = [];

  beforeEach(() => {
    keys = testPrefix(url);
    redis = new Redis(url);
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    redis.disconnect();
    await keys.clean();
  });

  async function runOneCheck(): Promise<void> {
    const dispatch = new CheckDispatch({ url, prefix: keys.prefix });
    closers.push(() => dispatch.close());
    const consumer = new JobConsumer({
      url,
      prefix: keys.prefix,
      runnerId: RUNNER,
      token: `upr_${RUNNER}_secret`,
      region: "eu-west-1",
      version: "1.0.0",
      capacity: 5,
      run: async () => UP,
    });
    closers.push(() => consumer.stop(0));
    consumer.startConsuming();
    await dispatch.publish([jobFor("mon_1")]);
  }

  it("deletes reports from the stream once they are acked", async () => {
    const reports = recordingInbox(url, keys.prefix);
    closers.push(() => reports.inbox.stop());
    await runOneCheck();
    await eventually(() => reports.results().length === 1, "the result");
    await eventually(async () => (await redis.xlen(`${keys.prefix}reports`)) === 0, "the delete");
    const pending = (await redis.xpending(`${keys.prefix}reports`, "servers")) as [number];
    expect(pending[0]).toBe(0);
  });

  it("gives a new leader the reports the previous leader read but never acked", async () => {
    const first = new ReportInbox({ url, prefix: keys.prefix, consumer: "server-1" });
    const seen: InboxEntry[] = [];
    first.start(async (batch) => {
      seen.push(...batch);
    });
    closers.push(() => first.stop());
    await runOneCheck();
    await eventually(() => seen.length === 1, "the first leader to read the report");
    await first.stop();

    const next = recordingInbox(url, keys.prefix, "server-2");
    closers.push(() => next.inbox.stop());
    await eventually(() => next.results().length === 1, "the next leader to get the report");
    expect(next.entries[0]?.id).toBe(seen[0]?.id);
    expect(next.results()[0]?.monitorId).toBe("mon_1");
  });

  it("delivers an unreadable entry as such, so it can be acked away", async () => {
    const reports = recordingInbox(url, keys.prefix);
    closers.push(() => reports.inbox.stop());
    await eventually(async () => (await redis.exists(`${keys.prefix}reports`)) === 1, "the stream");
    await redis.xadd(`${keys.prefix}reports`, "*", "report", '{"runnerId":"nobody"}');
    await redis.xadd(`${keys.prefix}reports`, "*", "report", "x".repeat(5 * 1024 * 1024));
    await eventually(() => reports.entries.length === 2, "both entries");
    expect(reports.entries.map((entry) => entry.report)).toEqual([null, null]);
  });
});
