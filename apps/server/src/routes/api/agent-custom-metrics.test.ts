import type { CustomMetricSampleInput } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;
const mail = (value: number | null): CustomMetricSampleInput => ({
  name: "queue_depth",
  labels: { queue: "mail" },
  value,
});
const thumbs = (value: number): CustomMetricSampleInput => ({
  name: "queue_depth",
  labels: { queue: "thumbnails" },
  value,
});

describeEachDatabase("an agent's custom metrics in the API", (db) => {
  let app: FastifyInstance;
  let enterprise: Awaited<ReturnType<typeof createTestAccount>>;
  let business: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    app = await buildTestApp(db());
    enterprise = await createTestAccount(db(), "enterprise");
    business = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "PATCH",
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const addAgent = async (headers: Record<string, string>) => {
    const created = await call("POST", "/agents", headers, { name: "worker-1", os: "linux" });
    return created.body as { agent: { id: string }; key: string };
  };
  const report = async (key: string, samples: ReturnType<typeof testSample>[]) => {
    const sentAt = Math.max(...samples.map((s) => s.sampled_at));
    const response = await app.inject({
      method: "POST",
      url: "/agent/v1/reports",
      headers: { authorization: `Bearer ${key}` },
      payload: testBatch(sentAt, samples),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("stores each series an agent reports and charts its values", async () => {
    const { agent, key } = await addAgent(enterprise.headers);
    const now = Date.now();
    const stored = await report(key, [
      testSample(now - 2 * MINUTE, { custom_metrics: [mail(40), thumbs(3)] }),
      testSample(now - MINUTE, { custom_metrics: [mail(null), thumbs(5)] }),
      testSample(now, { custom_metrics: [mail(120)] }),
    ]);
    expect(stored).toEqual({
      status: 200,
      body: { accepted: 3, poll_after_seconds: expect.any(Number), custom_metrics_refused: null },
    });

    const listed = await call("GET", `/agents/${agent.id}/custom-metrics`, enterprise.headers);
    expect(listed.status).toBe(200);
    expect(listed.body.refused).toBeNull();
    expect(listed.body.data).toEqual([
      {
        id: expect.any(String),
        name: "queue_depth",
        labels: { queue: "mail" },
        series_key: 'queue_depth{queue="mail"}',
        last_value: 120,
        first_seen_at: new Date(now - 2 * MINUTE).toISOString(),
        last_seen_at: new Date(now).toISOString(),
      },
      expect.objectContaining({ series_key: 'queue_depth{queue="thumbnails"}', last_value: 5 }),
    ]);

    const series = listed.body.data[0].id;
    const hour = await call(
      "GET",
      `/agents/${agent.id}/custom-metrics/${series}?range=1h`,
      enterprise.headers,
    );
    expect(hour.status).toBe(200);
    expect(hour.body).toMatchObject({
      range: "1h",
      series: { series_key: 'queue_depth{queue="mail"}' },
    });
    expect(hour.body.points.map((p: { value: number | null }) => p.value)).toEqual([40, null, 120]);
    for (const range of ["6h", "24h", "7d", "30d"]) {
      const answer = await call(
        "GET",
        `/agents/${agent.id}/custom-metrics/${series}?range=${range}`,
        enterprise.headers,
      );
      expect(answer.status, range).toBe(200);
    }
    expect(
      await call(
        "GET",
        `/agents/${agent.id}/custom-metrics/${series}?range=2d`,
        enterprise.headers,
      ),
    ).toEqual({ status: 400, body: { detail: "range must be one of 1h, 6h, 24h, 7d, 30d." } });
    expect(
      await call("GET", `/agents/${agent.id}/custom-metrics/cms_missing`, enterprise.headers),
    ).toEqual({ status: 404, body: { detail: "There is no custom metric series with that id." } });
    expect((await call("GET", `/agents/${agent.id}/custom-metrics`, business.headers)).status).toBe(
      404,
    );
  });

  it("refuses a report whose custom metrics break the contract, with a sentence", async () => {
    const { key } = await addAgent(enterprise.headers);
    const now = Date.now();
    const bad = await report(key, [
      testSample(now, { custom_metrics: [{ name: "9lives", labels: {}, value: 1 }] }),
    ]);
    expect(bad).toEqual({
      status: 400,
      body: {
        detail:
          "Report 1 of the batch: reports[0].custom_metrics[0].name: A custom metric's name must be letters, digits, _ or :, not starting with a digit.",
      },
    });
    const twice = await report(key, [testSample(now, { custom_metrics: [mail(1), mail(2)] })]);
    expect(twice).toEqual({
      status: 400,
      body: {
        detail:
          'Report 1 of the batch lists the custom metric queue_depth{queue="mail"} twice (reports[0].custom_metrics).',
      },
    });
  });

  it("keeps the other figures of a plan without custom metrics and says why its custom metrics are not", async () => {
    const { agent, key } = await addAgent(business.headers);
    const now = Date.now();
    const stored = await report(key, [
      testSample(now, { cpu_percent: 33, custom_metrics: [mail(7)] }),
    ]);
    const refusal =
      "Custom metrics are part of the Enterprise+ plan and self-hosted Upwatch; this account's plan (Business) has none, so the agent's custom metrics are not stored. Its other figures are.";
    expect(stored.status).toBe(200);
    expect(stored.body.custom_metrics_refused).toBe(refusal);
    expect((await call("GET", `/agents/${agent.id}`, business.headers)).body.latest).toMatchObject({
      cpu_percent: 33,
    });
    expect(await call("GET", `/agents/${agent.id}/custom-metrics`, business.headers)).toEqual({
      status: 200,
      body: { data: [], refused: refusal },
    });
  });

  it("makes alert rules on a custom metric with its labels, and walls them off other plans", async () => {
    const { agent } = await addAgent(enterprise.headers);
    const rules = `/agents/${agent.id}/alert-rules`;
    const created = await call("POST", rules, enterprise.headers, {
      kind: "custom",
      metric: "queue_depth",
      labels: { queue: "mail" },
      threshold: 100,
      duration_minutes: 5,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: "custom",
      name: "Custom metric",
      metric: "queue_depth",
      labels: { queue: "mail" },
      comparison: "above",
      threshold: 100,
      severity: "warning",
      condition: 'queue_depth{queue="mail"} above 100 for 5 minutes',
    });
    const changed = await call("PATCH", `${rules}/${created.body.id}`, enterprise.headers, {
      comparison: "below",
      labels: null,
      threshold: -2.5,
    });
    expect(changed.body.condition).toBe("queue_depth below -2.5 for 5 minutes");

    const refusals: [object, string][] = [
      [{ kind: "custom" }, "A custom rule needs metric: the name of the custom metric it watches."],
      [
        { kind: "cpu", metric: "queue_depth" },
        "metric, labels and comparison apply only to custom rules.",
      ],
      [
        { kind: "custom", metric: "queue depth" },
        "metric must be a Prometheus metric name: letters, digits, _ or :, not starting with a digit.",
      ],
      [
        { kind: "custom", metric: "q", comparison: "equal" },
        "comparison must be one of above, below.",
      ],
      [
        { kind: "custom", metric: "q", threshold: 1e16 },
        "threshold of a custom rule must be a number from -10^15 to 10^15.",
      ],
    ];
    for (const [payload, detail] of refusals) {
      expect(await call("POST", rules, enterprise.headers, payload)).toEqual({
        status: 400,
        body: { detail },
      });
    }

    const other = await addAgent(business.headers);
    const walled = await call("POST", `/agents/${other.agent.id}/alert-rules`, business.headers, {
      kind: "custom",
      metric: "queue_depth",
    });
    expect(walled.status).toBe(403);
    expect(walled.body.detail).toBe(
      "Custom agent metrics are part of the Enterprise+ plan; the Business plan cannot alert on them.",
    );
  });
});
