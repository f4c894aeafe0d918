import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../../services/context.ts";

/** The part before the `#` is what a target would see of it if the URL were cut there. */
const HASH_TOKEN = "Orders-Kestrel#9041&page=2";
const UNICODE_PASSWORD = "Pässwört-Kestrel-9041";

describeEachDatabase("secure values a target echoes back, as the API shows the run", (db) => {
  let app: FastifyInstance;
  let echo: LoopbackServer;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  const received: string[] = [];
  const clock = { now: Date.UTC(2027, 2, 1, 9) };

  beforeAll(async () => {
    // Answers with what it read: in the body as JSON, and in a header as the UTF-8 bytes it got,
    // which the runner reads one byte a character, as Node reads every header.
    echo = await startHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const url = new URL(request.url ?? "/", "http://echo.test");
        const body = Buffer.concat(chunks).toString("utf8");
        const value =
          url.pathname === "/query"
            ? (url.searchParams.get("token") ?? "")
            : JSON.parse(body).password;
        received.push(value);
        response
          .writeHead(200, {
            "content-type": "application/json",
            "x-echo": Buffer.from(value, "utf8").toString("latin1"),
          })
          .end(JSON.stringify({ received: value, line: request.url }));
      });
    });
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), {
      ctx,
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true" },
    });
    account = await createTestAccount(db(), "hobby", ctx);
  });
  afterAll(async () => {
    await app.close();
    await echo.close();
  });

  const api = (method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });

  /** Steps that show what came back every way a run can: all of them run, whatever fails. */
  const shownBy = (request: string, order: number) =>
    [
      { type: "extract", config: { from: "body", path: "$.received", to_variable: "a" } },
      { type: "extract", config: { from: "headers", path: "X-Echo", to_variable: "b" } },
      {
        type: "assertion",
        config: { type: "header", path: "X-Echo", operator: "equals", expected: "other" },
      },
      {
        type: "script",
        config: { source: "console.log(response.body, JSON.stringify(response.headers));" },
      },
    ].map((step, index) => ({
      ...step,
      name: `${request}_shown_${index}`,
      order_index: order + index,
      dependencies: { depends_on: [request], dependency_type: "completion" },
    }));

  it("keeps every part of a secure value holding # or non-ASCII characters out of the stored run", async () => {
    for (const [name, value] of [
      ["hash_token", HASH_TOKEN],
      ["unicode_password", UNICODE_PASSWORD],
    ]) {
      expect((await api("POST", "/secure-variables", { name, value })).statusCode).toBe(201);
    }
    const created = await api("POST", "/monitors", {
      name: "Echoing API",
      interval_seconds: 300,
      timeout_seconds: 10,
      variables: {
        base: `http://127.0.0.1:${echo.port}`,
        token: "secure:hash_token",
        password: "secure:unicode_password",
      },
      steps: [
        {
          name: "by_query",
          type: "http_request",
          order_index: 1,
          config: { method: "GET", url: "{{base}}/query?token={{token}}" },
        },
        ...shownBy("by_query", 2),
        {
          name: "by_body",
          type: "http_request",
          order_index: 6,
          config: {
            method: "POST",
            url: "{{base}}/json",
            headers: { "Content-Type": "application/json" },
            body: '{"password": "{{password}}"}',
          },
          dependencies: { depends_on: ["by_query"], dependency_type: "completion" },
        },
        ...shownBy("by_body", 7),
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const monitorId = created.json().id;
    // A new monitor is checked at once; "Check now" waits out that first run, which takes longer
    // on a busy machine, or it is refused as too soon after it.
    await expect
      .poll(
        async () => {
          await app.monitoringEngine!.flush();
          return (await api("GET", `/monitors/${monitorId}/checks`)).json().data.length;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    clock.now += 10_000;
    const run = await api("POST", `/monitors/${monitorId}/check`);
    expect(run.statusCode).toBe(200);
    await app.monitoringEngine!.flush();
    const checks = await api("GET", `/monitors/${monitorId}/checks`);
    const [latest] = checks.json().data;
    // Every step that shows what came back ran.
    expect(latest.steps.map((step: { status: string }) => step.status)).toEqual([
      "passed",
      "passed",
      "passed",
      "failed",
      "passed",
      "passed",
      "passed",
      "passed",
      "failed",
      "passed",
    ]);
    expect(latest.steps[0].request.url).toBe(`http://127.0.0.1:${echo.port}/query?token=********`);
    expect(latest.steps[3].error).toBe('header X-Echo is "********", expected "other"');
    const rows = await db()
      .handle.db.selectFrom("check_results")
      .select("steps")
      .where("monitor_id", "=", monitorId)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const shown of [run.body, checks.body, JSON.stringify(rows)]) {
      expect(shown).toContain("********");
      expect(shown).not.toContain("Kestrel");
      expect(shown).not.toContain(Buffer.from(UNICODE_PASSWORD).toString("latin1").slice(0, 6));
    }
    // The target read each value whole.
    expect(new Set(received)).toEqual(new Set([HASH_TOKEN, UNICODE_PASSWORD]));
  });
});
