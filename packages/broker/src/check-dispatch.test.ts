import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckDispatch } from "./check-dispatch.ts";
import { CheckJob } from "./messages.ts";
import { jobFor } from "./testing/jobs.ts";
import { testPrefix, testRedisUrl } from "./testing/redis.ts";

describe("publishing check jobs", () => {
  const url = testRedisUrl();
  let keys: ReturnType<typeof testPrefix>;
  let redis: Redis;
  let dispatch: CheckDispatch;

  beforeEach(() => {
    keys = testPrefix(url);
    redis = new Redis(url);
    dispatch = new CheckDispatch({ url, prefix: keys.prefix });
  });

  afterEach(async () => {
    await dispatch.close();
    redis.disconnect();
    await keys.clean();
  });

  it("adds each job to its own region's stream, with the runners' group ready", async () => {
    await dispatch.publish([jobFor("mon_1", "eu-west-1"), jobFor("mon_2", "us-west-2")]);
    const entries = await redis.xrange(`${keys.prefix}checks:us-west-2`, "-", "+");
    expect(entries).toHaveLength(1);
    const fields = entries[0]![1];
    expect(CheckJob.parse(JSON.parse(fields[1]!)).monitorId).toBe("mon_2");
    const groups = (await redis.xinfo("GROUPS", `${keys.prefix}checks:eu-west-1`)) as unknown[][];
    expect(groups.map((group) => group[1])).toEqual(["runners"]);
  });

  it("trims jobs older than the time kept and keeps the newer ones", async () => {
    await dispatch.publish([jobFor("mon_old")]);
    await new Promise((done) => setTimeout(done, 30));
    await dispatch.publish([jobFor("mon_new")]);
    const stream = `${keys.prefix}checks:eu-west-1`;
    const [, newer] = await redis.xrange(stream, "-", "+");
    const newerAt = Number(newer![0].split("-")[0]);

    await dispatch.trim(600_000, newerAt + 600_000);

    const left = await redis.xrange(stream, "-", "+");
    expect(left.map(([, fields]) => JSON.parse(fields[1]!).monitorId)).toEqual(["mon_new"]);
  });
});
