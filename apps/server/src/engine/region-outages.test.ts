import { afterEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { createRegionalEngine, eventually } from "../../test/regions.ts";

describeEachDatabase("runner outages", (db) => {
  let kit: Awaited<ReturnType<typeof createRegionalEngine>>;
  afterEach(() => kit.close());

  const outages = () =>
    kit.ctx.db
      .selectFrom("region_outages")
      .selectAll()
      .where("region", "=", "ap-southeast-2")
      .execute();
  const mails = () =>
    kit.ctx.db
      .selectFrom("outbox")
      .select(["recipient", "message"])
      .where("kind", "=", "region-outage")
      .execute();

  it("opens an outage once when a region's runner is silent for two intervals, mails the operator once, and closes it when a heartbeat returns", async () => {
    kit = await createRegionalEngine(db(), { operatorEmail: "ops@example.com" });
    const runner = await kit.runner("ap-southeast-2");
    await kit.monitor({
      target: "http://127.0.0.1:9/",
      regions: ["ap-southeast-2"],
      intervalSeconds: 60,
    });
    await kit.engine.start();
    await runner.heartbeat();
    const seen = async () =>
      (
        await kit.ctx.db
          .selectFrom("runners")
          .select("last_seen_at")
          .where("id", "=", runner.runnerId)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    await eventually(seen, (at) => at !== null);
    await kit.engine.checkRegions();
    expect(kit.engine.regions()).toContainEqual({
      region: "ap-southeast-2",
      runners: 1,
      outage: false,
    });

    kit.clock.advance(100_000);
    await kit.engine.checkRegions();
    expect(await outages()).toEqual([]);

    kit.clock.advance(30_000);
    await kit.engine.checkRegions();
    await kit.engine.checkRegions();
    const [outage, ...more] = await outages();
    expect(more).toEqual([]);
    expect(outage).toMatchObject({ ended_at: null });
    expect(kit.engine.regions()).toContainEqual({
      region: "ap-southeast-2",
      runners: 0,
      outage: true,
    });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.recipient).toBe("ops@example.com");
    expect(JSON.parse(sent[0]!.message).subject).toContain("No runner is checking ap-southeast-2");
    expect(kit.logged).toContain(
      "no runner is checking ap-southeast-2: its checks are recorded as missed until a runner is back",
    );

    const before = await seen();
    await runner.heartbeat();
    await eventually(seen, (at) => at !== before);
    await kit.engine.checkRegions();
    const [closed] = await outages();
    expect(closed!.ended_at).not.toBeNull();
    expect(kit.logged).toContain("a runner is checking ap-southeast-2 again");
    expect(await mails()).toHaveLength(1);
    await runner.close();
  });

  it("never counts the local region as out, as it needs no runner", async () => {
    kit = await createRegionalEngine(db(), { localRegion: "us-west-2" });
    await kit.monitor({
      target: "http://127.0.0.1:9/",
      regions: ["us-west-2"],
      intervalSeconds: 60,
    });
    await kit.engine.start();
    kit.clock.advance(300_000);
    await kit.engine.checkRegions();
    expect(kit.engine.regions().find((gauge) => gauge.region === "us-west-2")?.outage).toBe(false);
    const rows = await kit.ctx.db
      .selectFrom("region_outages")
      .select("id")
      .where("region", "=", "us-west-2")
      .execute();
    expect(rows).toEqual([]);
  });
});
