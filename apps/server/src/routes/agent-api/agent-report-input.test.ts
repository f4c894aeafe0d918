import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { createTestAgent, storedAgentRows, testBatch, testSample } from "../../../test/agents.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const MINUTE = 60_000;

describeEachDatabase("agent reports refused for their input", (db) => {
  let app: FastifyInstance;
  let accountId: string;
  beforeAll(async () => {
    app = await buildTestApp(db());
    accountId = (await createTestAccount(db(), "business")).accountId;
  });
  afterAll(() => app.close());

  const newAgent = (name?: string) => createTestAgent(db().handle.db, accountId, name);
  const report = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: "POST", url: "/agent/v1/reports", headers, payload: payload as object });
  const stored = (agentId: string) => storedAgentRows(db().handle.db, agentId);

  describe("bad input", () => {
    const refusals: [string, (now: number) => unknown, number, RegExp][] = [
      [
        "an unknown field in a report",
        (now) => testBatch(now, [{ ...testSample(now), swap: 1 } as never]),
        400,
        /^Report 1 of the batch: unknown field in reports\[0\]: swap\.$/,
      ],
      [
        "negative bytes",
        (now) =>
          testBatch(now, [
            testSample(now - MINUTE),
            testSample(now, {
              network: { rx_bytes_per_second: -5, tx_bytes_per_second: 0 },
            }),
          ]),
        400,
        /^Report 2 of the batch: reports\[1\]\.network\.rx_bytes_per_second: .*cannot be negative\.$/,
      ],
      [
        "CPU over 100%",
        (now) => testBatch(now, [testSample(now, { cpu_percent: 140 })]),
        400,
        /^Report 1 of the batch: reports\[0\]\.cpu_percent: cpu_percent must be between 0 and 100\.$/,
      ],
      [
        "a sample newer than the batch",
        (now) => testBatch(now, [testSample(now + MINUTE)]),
        400,
        /^Report 1 of the batch was sampled after the batch was sent/,
      ],
      [
        "a sample older than the agent keeps",
        (now) => testBatch(now, [testSample(now - 70 * MINUTE)]),
        400,
        /^Report 1 of the batch is more than 65 minutes older than the batch/,
      ],
      [
        "a clock ten minutes ahead",
        (now) => testBatch(now + 10 * MINUTE, [testSample(now + 10 * MINUTE)]),
        400,
        /^The agent's clock is 10 minutes ahead of the server's; /,
      ],
      [
        "a clock an hour behind",
        (now) => testBatch(now - 60 * MINUTE, [testSample(now - 61 * MINUTE)]),
        400,
        /^The agent's clock is 60 minutes behind the server's; /,
      ],
      [
        "two reports sampled at the same time",
        (now) => testBatch(now, [testSample(now), testSample(now)]),
        400,
        /^Report 1 of the batch and report 2 of the batch have the same sampled_at/,
      ],
      [
        "the same disk twice",
        (now) => {
          const disk = testSample(now).disks[0]!;
          return testBatch(now, [testSample(now, { disks: [disk, disk] })]);
        },
        400,
        /^Report 1 of the batch lists the disk \/ twice/,
      ],
      [
        "a batch without agent",
        (now) => ({ ...testBatch(now, [testSample(now)]), agent: undefined }),
        400,
        /^agent: /i,
      ],
      ["an array body", () => [1, 2], 400, /must be a JSON object/],
    ];

    for (const [what, body, status, detail] of refusals) {
      it(`refuses ${what} with a sentence and stores nothing`, async () => {
        const agent = await newAgent();
        const response = await report(agent.headers, body(Date.now()));
        expect(response.statusCode).toBe(status);
        expect(response.json().detail).toMatch(detail);
        expect(await stored(agent.id)).toEqual({ samples: 0, disks: 0, batches: 0 });
      });
    }

    it("refuses malformed JSON with 400", async () => {
      const agent = await newAgent();
      const response = await app.inject({
        method: "POST",
        url: "/agent/v1/reports",
        headers: { ...agent.headers, "content-type": "application/json" },
        payload: '{"batch_id": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: "The request body is not valid JSON." });
    });

    it("refuses a body that is not JSON with 415", async () => {
      const agent = await newAgent();
      const response = await app.inject({
        method: "POST",
        url: "/agent/v1/reports",
        headers: { ...agent.headers, "content-type": "text/plain" },
        payload: "cpu=12",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().detail).toMatch(/JSON/);
    });

    it("refuses a body over 512 KiB with 413", async () => {
      const agent = await newAgent();
      const now = Date.now();
      const batch = testBatch(now, [testSample(now)]);
      const payload = JSON.stringify({ ...batch, padding: "x".repeat(600 * 1024) });
      const response = await app.inject({
        method: "POST",
        url: "/agent/v1/reports",
        headers: { ...agent.headers, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        detail: "The batch is larger than 512 KiB; send its reports in smaller batches.",
      });
      expect(await stored(agent.id)).toEqual({ samples: 0, disks: 0, batches: 0 });
    });
  });
});
