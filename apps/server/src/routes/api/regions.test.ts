import type { Region } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";

const NOW = Date.UTC(2026, 10, 21, 12, 30);
const SECOND = 1000;

describeEachDatabase("regions served by runners", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  const clock = { now: NOW };
  let hobby: Awaited<ReturnType<typeof createTestAccount>>;
  let free: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      now: () => clock.now,
      newId: randomId,
    };
    app = await buildTestApp(db(), { ctx });
    hobby = await createTestAccount(db(), "hobby", ctx);
    free = await createTestAccount(db(), "free", ctx);
  });
  afterAll(() => app.close());

  const call = (
    method: "GET" | "POST" | "PATCH",
    url: string,
    body?: object,
    headers = hobby.headers,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(body ? { payload: body } : {}),
    });

  const monitor = (fields: object) => ({
    type: "http",
    name: "Site",
    target: "https://example.com/",
    interval_seconds: 300,
    ...fields,
  });

  /** A runner of the region whose last heartbeat was `agoMs` before now. */
  const addRunner = async (region: Region, agoMs: number, revoked = false) => {
    const id = randomId("run");
    await ctx.db
      .insertInto("runners")
      .values({
        id,
        name: `runner ${id}`,
        region,
        token_hash: "0".repeat(64),
        created_at: clock.now - 60_000,
        revoked_at: revoked ? clock.now - 1000 : null,
        last_seen_at: clock.now - agoMs,
        version: "1.0.0",
      })
      .execute();
    return id;
  };

  /** Moves the clock past the time a reading of the runners is reused. */
  const later = () => {
    clock.now += 3 * SECOND;
  };

  const countMonitors = async (accountId: string) =>
    Number(
      (
        await ctx.db
          .selectFrom("monitors")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("account_id", "=", accountId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it("refuses a monitor in a region nobody serves with a sentence, and stores nothing", async () => {
    const before = await countMonitors(hobby.accountId);
    const response = await call("POST", "/monitors", monitor({ regions: ["eu-west-1"] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "No runner serves eu-west-1 right now, so the monitor would never be checked there. Regions served: us-west-1.",
    });
    expect(await countMonitors(hobby.accountId)).toBe(before);
  });

  it("serves a region once one of its runners sent a heartbeat in the last 20 seconds", async () => {
    await addRunner("eu-west-1", 30 * SECOND);
    await addRunner("eu-west-1", 0, true);
    later();
    expect((await call("POST", "/monitors", monitor({ region: "eu-west-1" }))).statusCode).toBe(
      400,
    );
    await addRunner("eu-west-1", 5 * SECOND);
    later();
    const response = await call(
      "POST",
      "/monitors",
      monitor({ regions: ["us-west-1", "eu-west-1"], region_rule: "all" }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      region: "us-west-1",
      regions: ["us-west-1", "eu-west-1"],
      region_rule: "all",
      unserved_regions: [],
    });
    const row = await ctx.db
      .selectFrom("monitors")
      .select(["region", "regions", "region_rule"])
      .where("id", "=", response.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      region: "us-west-1",
      regions: JSON.stringify(["us-west-1", "eu-west-1"]),
      region_rule: "all",
    });
  });

  it("names the monitor's regions nobody serves any longer, and still lets it be changed", async () => {
    await addRunner("ap-southeast-2", 0);
    later();
    const created = (
      await call("POST", "/monitors", monitor({ regions: ["ap-southeast-2", "us-west-1"] }))
    ).json();
    clock.now += 30 * SECOND;
    const read = (await call("GET", `/monitors/${created.id}`)).json();
    expect(read.unserved_regions).toEqual(["ap-southeast-2"]);
    const listed = (await call("GET", "/monitors")).json().data;
    expect(listed.find((m: { id: string }) => m.id === created.id).unserved_regions).toEqual([
      "ap-southeast-2",
    ]);
    const renamed = await call("PATCH", `/monitors/${created.id}`, { name: "Renamed" });
    expect(renamed.statusCode).toBe(200);
    const added = await call("PATCH", `/monitors/${created.id}`, {
      regions: ["ap-southeast-2", "us-west-1", "us-west-2"],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().detail).toMatch(/^No runner serves us-west-2 right now/);
  });

  it("replaces the list of regions when a change names one region", async () => {
    const created = (await call("POST", "/monitors", monitor({}))).json();
    expect(created.regions).toEqual(["us-west-1"]);
    expect(created.region_rule).toBe("majority");
    await addRunner("us-west-2", 0);
    later();
    const moved = await call("PATCH", `/monitors/${created.id}`, { region: "us-west-2" });
    expect(moved.json()).toMatchObject({ region: "us-west-2", regions: ["us-west-2"] });
    const both = await call("PATCH", `/monitors/${created.id}`, {
      regions: ["us-west-2", "us-west-1"],
      region_rule: "any",
    });
    expect(both.json()).toMatchObject({
      region: "us-west-2",
      regions: ["us-west-2", "us-west-1"],
      region_rule: "any",
    });
  });

  it("refuses a region and a list of regions that disagree", async () => {
    const response = await call(
      "POST",
      "/monitors",
      monitor({ region: "us-west-1", regions: ["eu-west-1"] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "region (us-west-1) and regions (eu-west-1) disagree: send regions alone, or a region that is the first of regions.",
    });
  });

  it("keeps Free monitors to the one default region", async () => {
    await addRunner("eu-west-1", 0);
    later();
    const two = await call(
      "POST",
      "/monitors",
      monitor({ regions: ["us-west-1", "eu-west-1"] }),
      free.headers,
    );
    expect(two.statusCode).toBe(403);
    expect(two.json()).toEqual({
      detail:
        "Checking from more than one region needs the Hobby plan or above; Free monitors run from us-west-1.",
    });
    const elsewhere = await call(
      "POST",
      "/monitors",
      monitor({ region: "eu-west-1" }),
      free.headers,
    );
    expect(elsewhere.statusCode).toBe(403);
    const plain = await call("POST", "/monitors", monitor({}), free.headers);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().regions).toEqual(["us-west-1"]);
  });

  it("lists every region with whether it is served, its live runners and its outage", async () => {
    clock.now += 60 * SECOND;
    await addRunner("eu-west-1", 1 * SECOND);
    await addRunner("eu-west-1", 2 * SECOND);
    await addRunner("us-west-2", 25 * SECOND);
    await ctx.db
      .insertInto("region_outages")
      .values([
        {
          id: randomId("rgo"),
          region: "ap-southeast-2",
          started_at: clock.now - 600_000,
          ended_at: null,
          notified_at: null,
        },
        {
          id: randomId("rgo"),
          region: "us-west-2",
          started_at: clock.now - 900_000,
          ended_at: clock.now - 800_000,
          notified_at: null,
        },
      ])
      .execute();
    const response = await call("GET", "/regions");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      regions: [
        {
          region: "us-west-1",
          location: "Northern California, United States",
          served: true,
          local: true,
          runners: 0,
          outage_since: null,
        },
        {
          region: "us-west-2",
          location: "Oregon, United States",
          served: false,
          local: false,
          runners: 0,
          outage_since: null,
        },
        {
          region: "eu-west-1",
          location: "Ireland, Europe",
          served: true,
          local: false,
          runners: 2,
          outage_since: null,
        },
        {
          region: "ap-southeast-2",
          location: "Sydney, Australia",
          served: false,
          local: false,
          runners: 0,
          outage_since: clock.now - 600_000,
        },
      ],
    });
    expect((await app.inject({ method: "GET", url: "/api/v1/regions" })).statusCode).toBe(401);
  });
});

describeEachDatabase("a deployment that checks no region in-process", (db) => {
  let app: FastifyInstance;
  let free: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { LOCAL_REGION: "none" } });
    free = await createTestAccount(db(), "free");
  });
  afterAll(() => app.close());

  it("refuses every monitor until a runner serves a region", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: free.headers,
      payload: { type: "http", name: "Site", target: "https://example.com/" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      "No runner serves us-west-1 right now, so the monitor would never be checked there. No region is served.",
    );
    const regions = (
      await app.inject({ method: "GET", url: "/api/v1/regions", headers: free.headers })
    ).json().regions;
    expect(regions.every((region: { served: boolean }) => !region.served)).toBe(true);
  });
});
