import type { StepResult } from "@upwatch/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";
import {
  articleExample,
  defaultScenario,
  multiStepSpec,
  type OrdersApiLog,
  type OrdersApiScenario,
  ordersApi,
  SECURE_PASSWORD,
} from "./orders-api-fixture.ts";

const network = testNetwork();

describe("the help centre's complete multi-step example", () => {
  let server: LoopbackServer;
  let base: string;
  let scenario: OrdersApiScenario;
  const log: OrdersApiLog = { paths: [], logouts: 0 };

  beforeAll(async () => {
    server = await startHttpServer(ordersApi(() => scenario, log));
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    scenario = defaultScenario();
    log.paths = [];
    log.logouts = 0;
  });

  const run = () => runCheck(multiStepSpec(articleExample(base)), { network });
  const step = (steps: StepResult[] | undefined, name: string) =>
    steps?.find((result) => result.name === name);

  it("passes against a working API: logs in, lists orders with the token and logs out", async () => {
    const outcome = await run();
    expect(outcome).toMatchObject({ status: "up", error: null, statusCode: 204 });
    expect(outcome.steps?.map((result) => result.status)).toEqual(Array(9).fill("passed"));
    expect(log.paths).toEqual([
      "POST /v1/auth/login",
      "GET /v1/orders?limit=5",
      "POST /v1/auth/logout",
    ]);
    expect(step(outcome.steps, "extract_token")).toMatchObject({
      actual: "tok_4f9a",
      variables: ["token"],
    });
    expect(step(outcome.steps, "list_orders")).toMatchObject({
      request: { method: "GET", url: `${base}/v1/orders?limit=5` },
      statusCode: 200,
    });
    expect(step(outcome.steps, "logout")?.path).toBe("completion");
    expect(outcome.timings.connectMs).toBeGreaterThanOrEqual(0);
    expect(outcome.responseTimeMs).toBeGreaterThan(0);
  });

  it("fails at login_ok on a wrong password and neither lists orders nor logs out", async () => {
    scenario.password = "a-different-password";
    const outcome = await run();
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe('Step "login_ok": expected status 200, got 401');
    expect(step(outcome.steps, "login_ok")).toMatchObject({
      status: "failed",
      actual: "401",
      expected: "200",
    });
    expect(step(outcome.steps, "extract_token")).toMatchObject({
      status: "skipped",
      error: 'Not run: step "login_ok" failed.',
    });
    expect(step(outcome.steps, "logout")).toMatchObject({
      status: "skipped",
      error: 'Not run: step "list_orders" did not run.',
    });
    expect(log.paths).toEqual(["POST /v1/auth/login"]);
  });

  it("fails at extract_token when the login answer holds no token", async () => {
    scenario.omitToken = true;
    const outcome = await run();
    expect(outcome.error).toBe('Step "extract_token": path $.data.token matched nothing');
    expect(step(outcome.steps, "list_orders")?.status).toBe("skipped");
  });

  it("fails at orders_fast when the orders endpoint is slow, and still logs out", async () => {
    scenario.ordersDelayMs = 850;
    const outcome = await run();
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/^Step "orders_fast": \d+ ms is not less than 800$/);
    for (const name of ["orders_status", "orders_present", "orders_json"]) {
      expect(step(outcome.steps, name)?.status).toBe("passed");
    }
    expect(step(outcome.steps, "logout")?.status).toBe("passed");
    expect(log.logouts).toBe(1);
  });

  it("names the first failing step when the orders endpoint answers 503", async () => {
    scenario.ordersStatus = 503;
    const outcome = await run();
    expect(outcome.error).toBe('Step "orders_status": expected status 200, got 503');
    expect(step(outcome.steps, "orders_present")?.status).toBe("skipped");
    expect(log.logouts).toBe(1);
  });

  it("fails the login step with a sentence when the secure variable has no value", async () => {
    const outcome = await runCheck(multiStepSpec(articleExample(base), { secureValues: {} }), {
      network,
    });
    expect(outcome.error).toBe(
      'Step "login": Variable {{password}} refers to the secure variable orders_api_password, which has no value; add it under Settings > Secure variables.',
    );
    expect(log.paths).toEqual([]);
  });

  it("never shows the password, even when the API echoes it and an assertion fails on it", async () => {
    scenario.echoPassword = true;
    const example = articleExample(base);
    const extra = [
      {
        name: "echoed_header",
        type: "assertion",
        config: { type: "header", path: "X-Echo", operator: "equals", expected: "something" },
      },
      {
        name: "echoed_body",
        type: "assertion",
        config: { type: "json_path", path: "$.seen", operator: "equals", expected: "x" },
        dependencies: { depends_on: "echoed_header", dependency_type: "failure" },
      },
      {
        name: "password_in_url",
        type: "http_request",
        config: { method: "GET", url: "{{base_url}}/echo?key={{password}}" },
        dependencies: { depends_on: "echoed_header", dependency_type: "failure" },
      },
    ];
    const steps = [example.steps[0], ...extra, ...example.steps.slice(1)].map((entry, index) => ({
      ...entry,
      order_index: index + 1,
    }));
    const outcome = await runCheck(multiStepSpec({ ...example, steps }), { network });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      'Step "echoed_header": header X-Echo is "********", expected "something"',
    );
    expect(step(outcome.steps, "echoed_body")).toMatchObject({
      status: "failed",
      path: "failure",
      actual: "********",
      error: '$.seen is "********", expected "x"',
    });
    expect(step(outcome.steps, "password_in_url")?.request?.url).toBe(`${base}/echo?key=********`);
    expect(log.paths).toContain(`GET /echo?key=${SECURE_PASSWORD}`);
    expect(JSON.stringify(outcome)).not.toContain(SECURE_PASSWORD);
  });
});
