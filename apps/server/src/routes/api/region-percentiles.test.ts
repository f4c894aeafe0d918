import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";
import { createServiceContext, randomId, type ServiceContext } from "../../services/context.ts";

const NOW = Date.UTC(2026, 10, 21, 12, 10);

describeEachDatabase("median and 95th percentile response times", (db) => {
  let app: FastifyInstance;
  let ctx: ServiceContext;
  let account: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    ctx = {
      ...createServiceContext(db().handle.db, TEST_SECRETS),
      now: () => NOW,
      newId: randomId,
    };
    app = await buildTestApp(db(), { ctx });
    account = await createTestAccount(db(), "hobby", ctx);
  });
  afterAll(() => app.close());

  const monitorWith = async (type: "http" | "ping", batches: number[][]) => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: account.headers,
      payload: {
        type,
        name: `${type} ${batches.flat().join(" ")}`,
        target: type === "http" ? "http://127.0.0.1/" : "127.0.0.1",
        regions: ["us-west-1"],
      },
    });
    const id: string = created.json().id;
    let at = NOW - 50 * 60_000;
    for (const batch of batches) {
      await storeCheckBatch(
        ctx.db,
        batch.map((ms) => {
          at += 60_000;
          return checkRecord(id, at, true, ms);
        }),
      );
    }
    return id;
  };

  const regionFigures = async (id: string, range: string) => {
    const response = await app.inject({
      method: "GET",
      url: `/api/v1/monitors/${id}/stats?range=${range}`,
      headers: account.headers,
    });
    const [region] = response.json().regions;
    return { p50: region.p50_response_ms, p95: region.p95_response_ms };
  };

  it("gives one check of 80 ms a median and 95th percentile of 80 ms", async () => {
    const id = await monitorWith("http", [[80]]);
    for (const range of ["24h", "7d", "30d"]) {
      expect(await regionFigures(id, range)).toEqual({ p50: 80, p95: 80 });
    }
  });

  it("gives the monitor's 95th percentile over a week or a month the same honest figure", async () => {
    const id = await monitorWith("http", [[80]]);
    for (const range of ["7d", "30d"]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/v1/monitors/${id}/stats?range=${range}`,
        headers: account.headers,
      });
      expect(response.json().response_time.p95_ms).toBe(80);
    }
  });

  it("gives three checks of 0 ms a median and 95th percentile of 0 ms", async () => {
    const id = await monitorWith("ping", [[0], [0, 0]]);
    expect(await regionFigures(id, "24h")).toEqual({ p50: 0, p95: 0 });
  });

  it("never names a time slower than the slowest check, across batches", async () => {
    const id = await monitorWith("http", [[80], [120]]);
    const figures = await regionFigures(id, "24h");
    expect(figures.p95).toBe(120);
    expect(figures.p50).toBeGreaterThanOrEqual(80);
    expect(figures.p50).toBeLessThanOrEqual(120);
  });
});
