import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";
import { createMultiStepRunner } from "./multi-step-runner.ts";
import { multiStepSpec } from "./orders-api-fixture.ts";

const network = testNetwork();

describe("multi-step steps reading responses", () => {
  let server: LoopbackServer;
  let base: string;

  beforeAll(async () => {
    server = await startHttpServer((request, response) => {
      if (request.url === "/closed") return request.socket.destroy();
      response
        .writeHead(200, { "content-type": "application/json", "x-request-id": "req-1" })
        .end(JSON.stringify({ items: [{ id: 1, tags: ["a"] }], long: "x".repeat(500) }));
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  const steps = (...list: object[]) => ({
    variables: { base },
    steps: list.map((step, index) => ({ order_index: index + 1, ...step })),
  });
  const get = (name: string, path: string) => ({
    name,
    type: "http_request",
    config: { method: "GET", url: `{{base}}${path}` },
  });
  const extract = (name: string, config: object, extra: object = {}) => ({
    name,
    type: "extract",
    config,
    ...extra,
  });

  it("extracts from headers by any letter case, the status, and objects as JSON", async () => {
    const outcome = await runCheck(
      multiStepSpec(
        steps(
          get("call", "/"),
          extract("id", { from: "headers", path: "X-REQUEST-ID", to_variable: "id" }),
          extract("code", { from: "status", to_variable: "code" }),
          extract("item", { from: "body", path: "$.items[0]", to_variable: "item" }),
          extract("long", { from: "body", path: "$.long", to_variable: "long" }),
          extract("none", { from: "headers", path: "X-Missing", to_variable: "none" }),
        ),
      ),
      { network },
    );
    expect(outcome.steps?.slice(1, 4).map((step) => step.actual)).toEqual([
      "req-1",
      "200",
      '{"id":1,"tags":["a"]}',
    ]);
    expect(outcome.steps?.[4]?.actual).toHaveLength(200);
    expect(outcome.error).toBe('Step "none": header X-Missing is missing');
  });

  it("evaluates no code in a JSONPath filter expression and fails the step with a sentence", async () => {
    const attack = "$..[?(@.constructor.constructor('return process')().exit(1))]";
    const outcome = await runCheck(
      multiStepSpec(
        steps(get("call", "/"), extract("evil", { from: "body", path: attack, to_variable: "x" })),
      ),
      { network },
    );
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      `Step "evil": path ${attack} cannot be read: filter and script expressions are not allowed.`,
    );
  });

  it("says a failure step's request received no response when that request failed", async () => {
    const outcome = await runCheck(
      multiStepSpec(
        steps(
          get("call", "/closed"),
          extract(
            "why",
            { from: "status", to_variable: "code" },
            { dependencies: { depends_on: "call", dependency_type: "failure" } },
          ),
        ),
      ),
      { network },
    );
    expect(outcome.error).toMatch(/^Step "call": The connection to .* was reset/);
    expect(outcome.steps?.[1]).toMatchObject({
      status: "failed",
      path: "failure",
      error: 'No response to read: step "call" received none.',
    });
  });

  it("stops a step that outlives the run as soon as the run is stopped", async () => {
    const runner = createMultiStepRunner({ runScript: () => new Promise(() => {}) });
    const stop = new AbortController();
    const spec = multiStepSpec(
      steps(
        { name: "stuck", type: "script", config: { source: "for (;;) {}" } },
        get("after", "/"),
      ),
    );
    const running = runner.run(spec, { network, signal: stop.signal, now: Date.now });
    stop.abort(new Error("The run took longer than its limit of 20 seconds."));
    const outcome = await running;
    expect(outcome.error).toBe('Step "stuck": The run took longer than its limit of 20 seconds.');
    expect(outcome.steps?.[1]?.status).toBe("skipped");
  });
});
