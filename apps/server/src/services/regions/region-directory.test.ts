import type { Region } from "@upwatch/core";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext, type ServiceContext } from "../context.ts";
import { regionDirectory } from "./region-directory.ts";
import { unservedRegionProblem } from "./unserved-region-problem.ts";

const NOW = Date.UTC(2026, 10, 21, 12, 0);

describeEachDatabase("the directory of served regions", (db) => {
  const clock = { now: NOW };
  let ctx: ServiceContext;
  let next = 0;

  beforeAll(() => {
    ctx = { ...createServiceContext(db().handle.db, TEST_SECRETS), now: () => clock.now };
  });

  const heartbeat = async (region: Region, at: number) => {
    next += 1;
    await ctx.db
      .insertInto("runners")
      .values({
        id: `run_${String(next).padStart(16, "a")}`,
        name: `runner ${next}`,
        region,
        token_hash: "0".repeat(64),
        created_at: at,
        revoked_at: null,
        last_seen_at: at,
        version: "1.0.0",
      })
      .execute();
  };

  it("runs Free monitors from the first served region when the deployment checks none itself", async () => {
    const directory = regionDirectory(ctx, { localRegion: null });
    expect([...(await directory.served())]).toEqual([]);
    expect(await directory.defaultRegion()).toBe("us-west-1");
    await heartbeat("ap-southeast-2", clock.now);
    await heartbeat("eu-west-1", clock.now);
    clock.now += 2_000;
    expect(await directory.defaultRegion()).toBe("eu-west-1");
    expect([...(await directory.served())].sort()).toEqual(["ap-southeast-2", "eu-west-1"]);
  });

  it("keeps the deployment's own region first and served without runners", async () => {
    const directory = regionDirectory(ctx, { localRegion: "us-west-2" });
    expect(await directory.defaultRegion()).toBe("us-west-2");
    expect((await directory.served()).has("us-west-2")).toBe(true);
  });

  it("forgets a region within seconds of its last heartbeat growing 20 seconds old", async () => {
    const directory = regionDirectory(ctx, { localRegion: "us-west-1" });
    clock.now += 60_000;
    expect([...(await directory.served())]).toEqual(["us-west-1"]);
    await heartbeat("eu-west-1", clock.now);
    clock.now += 2_000;
    expect((await directory.served()).has("eu-west-1")).toBe(true);
    clock.now += 19_000;
    expect((await directory.served()).has("eu-west-1")).toBe(false);
  });
});

it("names the first unserved region and the served ones in its refusal", () => {
  expect(unservedRegionProblem(["us-west-1"], new Set(["us-west-1"]))).toBeNull();
  expect(
    unservedRegionProblem(["us-west-1", "eu-west-1"], new Set(["us-west-1", "us-west-2"])),
  ).toBe(
    "No runner serves eu-west-1 right now, so the monitor would never be checked there. Regions served: us-west-1, us-west-2.",
  );
});
