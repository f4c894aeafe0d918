import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import {
  type LoopbackServer,
  policyTreatingAsPublic,
  startHttpServer,
  testNetwork,
} from "../testing/index.ts";
import { createMultiStepRunner } from "./multi-step-runner.ts";
import { multiStepSpec, SECURE_PASSWORD } from "./orders-api-fixture.ts";
import type { ScriptRunner } from "./script-runner.ts";

const network = testNetwork();

describe("multi-step flow, requests and limits", () => {
  let server: LoopbackServer;
  let refused: LoopbackServer;
  let refusedHits = 0;
  let base: string;
  const seen: Array<{ url: string; headers: Record<string, unknown> }> = [];

  beforeAll(async () => {
    refused = await startHttpServer((_request, response) => {
      refusedHits += 1;
      response.end("internal");
    }, "127.0.0.2");
    server = await startHttpServer((request, response) => {
      const url = request.url ?? "/";
      seen.push({ url, headers: request.headers });
      if (url === "/ok") return response.end(JSON.stringify({ items: [{ id: "7" }] }));
      if (url === "/text") return response.end("plain words");
      if (url === "/long-echo") {
        return response.end(JSON.stringify({ seen: `${"y".repeat(190)}${SECURE_PASSWORD}` }));
      }
      if (url === "/broken") return response.writeHead(500).end("{}");
      if (url === "/to-refused") {
        const location = `http://127.0.0.2:${refused.port}/`;
        return response.writeHead(302, { location }).end();
      }
      if (url === "/hang") return;
      response.writeHead(404).end();
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await refused.close();
  });

  const request = (name: string, path: string, extra: object = {}) => ({
    name,
    type: "http_request",
    config: { method: "GET", url: `{{base}}${path}` },
    ...extra,
  });
  const statusIs = (name: string, code: number, extra: object = {}) => ({
    name,
    type: "assertion",
    config: { type: "status_code", operator: "equals", expected: code },
    ...extra,
  });
  const options = (...steps: object[]) => ({
    variables: { base },
    steps: steps.map((step, index) => ({ order_index: index + 1, ...step })),
  });

  it("runs a script step in the sandbox and sends the variable it set in the next request", async () => {
    const script = {
      name: "pick_id",
      type: "script",
      config: { source: "vars.item = JSON.parse(response.body).items[0].id + '-x';" },
    };
    const outcome = await runCheck(
      multiStepSpec(options(request("call", "/ok"), script, request("use", "/ok?item={{item}}"))),
      { network },
    );
    expect(outcome.status).toBe("up");
    expect(outcome.steps?.[1]).toMatchObject({ status: "passed", variables: ["item"] });
    expect(seen.at(-1)?.url).toBe("/ok?item=7-x");
  });

  it("fails a script step that sets a variable longer than 4 KiB", async () => {
    const big = {
      name: "big",
      type: "script",
      config: { source: "vars.blob = 'x'.repeat(5000);" },
    };
    const outcome = await runCheck(multiStepSpec(options(request("call", "/ok"), big)), {
      network,
    });
    expect(outcome.error).toBe(
      'Step "big": The script set vars.blob to more than 4 KiB, the most a variable can hold.',
    );
  });

  it("fails a script step that tries to reach the host process, naming the step", async () => {
    const breakOut = {
      name: "escape",
      type: "script",
      config: { source: "vars.p = this.constructor.constructor('return process')().pid;" },
    };
    const outcome = await runCheck(multiStepSpec(options(request("call", "/ok"), breakOut)), {
      network,
    });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/^Step "escape": Script error: 'process' is not defined/);
  });

  it("runs a failure step only when the step it depends on failed", async () => {
    const diagnose = request("diagnose", "/ok", {
      dependencies: { depends_on: "status", dependency_type: "failure" },
    });
    const passing = await runCheck(
      multiStepSpec(options(request("call", "/ok"), statusIs("status", 200), diagnose)),
      { network },
    );
    expect(passing.status).toBe("up");
    expect(passing.steps?.[2]).toMatchObject({
      status: "skipped",
      path: "failure",
      error: 'Not run: step "status" did not fail.',
    });
    const failing = await runCheck(
      multiStepSpec(options(request("call", "/broken"), statusIs("status", 200), diagnose)),
      { network },
    );
    expect(failing.status).toBe("down");
    expect(failing.error).toBe('Step "status": expected status 200, got 500');
    expect(failing.steps?.[2]).toMatchObject({
      status: "passed",
      path: "failure",
      statusCode: 200,
    });
  });

  it("keeps a passing run up when a clean-up step fails, and shows the failure", async () => {
    const cleanup = request("cleanup", "/broken", {
      dependencies: { depends_on: "call", dependency_type: "completion" },
    });
    const cleanupStatus = statusIs("cleanup_status", 200, {
      dependencies: { depends_on: "cleanup", dependency_type: "success" },
    });
    const outcome = await runCheck(
      multiStepSpec(options(request("call", "/ok"), cleanup, cleanupStatus)),
      { network },
    );
    expect(outcome).toMatchObject({ status: "up", error: null });
    expect(outcome.steps?.[2]).toMatchObject({
      status: "failed",
      path: "completion",
      error: "expected status 200, got 500",
    });
  });

  it("refuses a redirect into a refused address at that hop and never connects there", async () => {
    const guarded = testNetwork({ policy: policyTreatingAsPublic(["127.0.0.1"]) });
    const outcome = await runCheck(multiStepSpec(options(request("hop", "/to-refused"))), {
      network: guarded,
    });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(
      /^Step "hop": Refused to connect to 127\.0\.0\.2: it is a loopback address\./,
    );
    expect(refusedHits).toBe(0);
  });

  it("fails a request with the monitor's timeout sentence when no answer arrives", async () => {
    const outcome = await runCheck(
      multiStepSpec(options(request("hang", "/hang"), request("after", "/ok")), {
        timeoutMs: 300,
      }),
      { network },
    );
    expect(outcome.error).toBe(
      'Step "hang": No complete answer within 0.3 seconds (the monitor\'s timeout).',
    );
    expect(outcome.steps?.[1]?.status).toBe("skipped");
  });

  it("stops the run at its limit, fails the running step and skips the rest", async () => {
    const outcome = await runCheck(
      multiStepSpec(
        options(
          request("call", "/ok"),
          { name: "pause", type: "wait", config: { seconds: 5 } },
          request("after", "/ok"),
        ),
        { runLimitMs: 400 },
      ),
      { network },
    );
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe('Step "pause": The run took longer than its limit of 0.4 seconds.');
    expect(outcome.steps?.map((step) => step.status)).toEqual(["passed", "failed", "skipped"]);
    expect(outcome.steps?.[2]?.error).toBe(
      "Not run: the run took longer than its limit of 0.4 seconds.",
    );
  });

  it("masks a secure value before cutting a long value, so no part of it shows in the error", async () => {
    const outcome = await runCheck(
      multiStepSpec({
        variables: { base, password: "secure:orders_api_password" },
        steps: [
          {
            name: "call",
            type: "http_request",
            order_index: 1,
            config: { url: "{{base}}/long-echo" },
          },
          {
            name: "seen",
            type: "assertion",
            order_index: 2,
            config: { type: "json_path", path: "$.seen", operator: "equals", expected: "x" },
          },
        ],
      }),
      { network },
    );
    expect(outcome.error).toBe(`Step "seen": $.seen is "${"y".repeat(190)}********", expected "x"`);
    expect(JSON.stringify(outcome)).not.toContain(SECURE_PASSWORD.slice(0, 6));
  });

  it("fails a run stopped at its limit during a clean-up step, though every normal step passed", async () => {
    const outcome = await runCheck(
      multiStepSpec(
        options(request("call", "/ok"), {
          name: "cleanup_pause",
          type: "wait",
          config: { seconds: 5 },
          dependencies: { depends_on: "call", dependency_type: "completion" },
        }),
        { runLimitMs: 400 },
      ),
      { network },
    );
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      'Step "cleanup_pause": The run took longer than its limit of 0.4 seconds.',
    );
  });

  it("refuses a request whose URL grows past 2,000 characters once variables are filled in", async () => {
    const long = "a".repeat(1500);
    const outcome = await runCheck(
      multiStepSpec({
        variables: { base, a: long, b: long },
        steps: [
          {
            name: "call",
            type: "http_request",
            order_index: 1,
            config: { method: "GET", url: "{{base}}/ok?a={{a}}&b={{b}}" },
          },
        ],
      }),
      { network },
    );
    expect(outcome.error).toBe(
      'Step "call": The URL is longer than 2,000 characters once its variables are filled in.',
    );
    expect(outcome.steps?.[0]?.request?.url.length).toBe(2000);
  });

  it("fills variables into URLs, header names and values, and fails on an unknown one", async () => {
    const outcome = await runCheck(
      multiStepSpec({
        variables: { base, header: "X-Team", team: "ops" },
        steps: [
          {
            name: "call",
            type: "http_request",
            order_index: 1,
            config: { method: "GET", url: "{{base}}/ok", headers: { "{{header}}": "{{ team }}" } },
          },
          request("unknown", "/{{nope}}", { order_index: 2 }),
        ],
      }),
      { network },
    );
    expect(seen.at(-1)?.headers["x-team"]).toBe("ops");
    expect(outcome.error).toBe('Step "unknown": Variable {{nope}} is not defined.');
  });

  it("reads json_path, header and body assertions, and says when the body is not JSON", async () => {
    const assertion = (name: string, config: object) => ({ name, type: "assertion", config });
    const outcome = await runCheck(
      multiStepSpec(
        options(
          request("call", "/ok"),
          assertion("id", {
            type: "json_path",
            path: "$.items[0].id",
            operator: "equals",
            expected: 7,
          }),
          assertion("words", { type: "body_contains", operator: "contains", expected: "items" }),
          assertion("wrong_id", {
            type: "json_path",
            path: "$.items[0].id",
            operator: "equals",
            expected: "8",
          }),
        ),
      ),
      { network },
    );
    expect(outcome.steps?.slice(1, 3).map((step) => step.status)).toEqual(["passed", "passed"]);
    expect(outcome.error).toBe('Step "wrong_id": $.items[0].id is "7", expected "8"');
    const text = await runCheck(
      multiStepSpec(
        options(
          request("call", "/text"),
          assertion("field", { type: "json_path", path: "$.x", operator: "exists" }),
        ),
      ),
      { network },
    );
    expect(text.error).toBe('Step "field": The response body is not JSON, so $.x cannot be read.');
  });

  it("says there is no response to read when no request ran before an assertion", async () => {
    const outcome = await runCheck(multiStepSpec(options(statusIs("first", 200))), { network });
    expect(outcome.error).toBe(
      'Step "first": No response to read: no request ran before this step.',
    );
  });

  it("keeps variables a script sets for later steps and shows its masked logs", async () => {
    const inputs: Parameters<ScriptRunner>[0][] = [];
    const runScript: ScriptRunner = async (input) => {
      inputs.push(input);
      return {
        ok: true,
        variables: { ...input.variables, day: "2026-11-24" },
        logs: [`key ${input.variables.key}`],
      };
    };
    const runner = createMultiStepRunner({ runScript });
    const spec = multiStepSpec({
      variables: { base, key: "secure:orders_api_password" },
      steps: [
        request("call", "/ok", { order_index: 1 }),
        {
          name: "date",
          type: "script",
          order_index: 2,
          config: { source: "vars.day = '2026-11-24'" },
        },
        request("dated", "/ok?day={{day}}", { order_index: 3 }),
      ],
    });
    const outcome = await runner.run(spec, {
      network,
      signal: new AbortController().signal,
      now: Date.now,
    });
    expect(outcome.status).toBe("up");
    expect(inputs[0]?.response).toMatchObject({ status: 200, body: '{"items":[{"id":"7"}]}' });
    expect(outcome.steps?.[1]).toMatchObject({ variables: ["day"], logs: ["key ********"] });
    expect(seen.at(-1)?.url).toBe("/ok?day=2026-11-24");
  });

  it("fails a script step with the sandbox's sentence", async () => {
    const runner = createMultiStepRunner({
      runScript: async () => ({ ok: false, error: "Script error: boom", logs: [] }),
    });
    const spec = multiStepSpec({
      steps: [{ name: "date", type: "script", order_index: 1, config: { source: "throw 1" } }],
    });
    const outcome = await runner.run(spec, {
      network,
      signal: new AbortController().signal,
      now: Date.now,
    });
    expect(outcome).toMatchObject({ status: "down", error: 'Step "date": Script error: boom' });
  });
});
