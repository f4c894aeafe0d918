import { readFileSync } from "node:fs";
import { type LoopbackServer, startHttpServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { type Receiver, startReceiver } from "../../../test/receivers.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createServiceContext } from "../../services/context.ts";

const ARTICLE = new URL(
  "../../../../../content/articles/advanced-multi-step-checks.md",
  import.meta.url,
);
const PASSWORD = "Orders-pa55-Kestrel-9041";
const TOKEN = "tok-orders-7731";

/** The help centre's complete example, as written, with its base URL pointing at `baseUrl`. */
function articleExample(baseUrl: string): Record<string, unknown> {
  const text = readFileSync(ARTICLE, "utf8");
  const block = /```json\n([\s\S]*?)\n```/.exec(text);
  if (!block) throw new Error("The article has no JSON example.");
  const example = JSON.parse(block[1]!);
  example.variables.base_url = baseUrl;
  return example;
}

describeEachDatabase("multi-step checks through the API", (db) => {
  let app: FastifyInstance;
  let ordersApi: LoopbackServer;
  let receiver: Receiver;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let monitorId: string;
  let ordersDown = false;
  const ordersUrl = () => `http://127.0.0.1:${ordersApi.port}`;
  const logLines: string[] = [];
  const answers: string[] = [];
  const clock = { now: Date.UTC(2027, 2, 1, 9) };

  beforeAll(async () => {
    ordersApi = await startHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const json = (status: number, body: unknown) =>
          response
            .writeHead(status, { "content-type": "application/json" })
            .end(JSON.stringify(body));
        if (request.method === "POST" && request.url === "/v1/auth/login") {
          const sent = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
          if (sent.email === "synthetic-monitor@example.com" && sent.password === PASSWORD) {
            json(200, { data: { token: TOKEN } });
          } else json(401, { error: "wrong password" });
          return;
        }
        const authorised = request.headers.authorization === `Bearer ${TOKEN}`;
        if (request.url === "/v1/orders?limit=5") {
          if (ordersDown) json(503, { error: "maintenance" });
          else if (authorised) json(200, { data: [{ id: "7" }, { id: "8" }] });
          else json(401, { error: "no token" });
          return;
        }
        if (request.method === "POST" && request.url === "/v1/auth/logout") {
          response.writeHead(authorised ? 204 : 401).end();
          return;
        }
        response.writeHead(404).end();
      });
    });
    receiver = await startReceiver(() => ({ status: 204 }));
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });
    app = await buildTestApp(db(), {
      ctx,
      env: { RUN_CHECKS: "true", ALLOW_PRIVATE_TARGETS: "true", LOG_LEVEL: "trace" },
      startAlerting: true,
      logStream: { write: (line) => void logLines.push(line) },
    });
    account = await createTestAccount(db(), "hobby", ctx);
  });
  afterAll(async () => {
    await app.close();
    await ordersApi.close();
    await receiver.close();
  });

  const api = async (
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    headers = account.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    answers.push(response.body);
    return response;
  };
  const checksOf = async (id: string) => {
    await app.monitoringEngine!.flush();
    return (await api("GET", `/monitors/${id}/checks`)).json().data;
  };
  const checkNow = async (id: string) => {
    clock.now += 10_000;
    return api("POST", `/monitors/${id}/check`);
  };

  it("accepts the help centre's complete example as it stands, runs it and passes every step", async () => {
    expect(
      (await api("POST", "/secure-variables", { name: "orders_api_password", value: PASSWORD }))
        .statusCode,
    ).toBe(201);
    await api("POST", "/channels", {
      type: "webhook",
      config: { url: `${receiver.url}/hooks` },
      attach_to_new_monitors: true,
    });
    const example = articleExample(ordersUrl());
    const created = await api("POST", "/monitors", example);
    expect(created.statusCode).toBe(201);
    const monitor = created.json();
    monitorId = monitor.id;
    expect(monitor).toMatchObject({
      type: "multi_step",
      name: "Orders API - login and list orders",
      target: `${ordersUrl()}/v1/auth/login`,
      options: {
        variables: { ...(example.variables as object), password: "secure:orders_api_password" },
      },
    });
    expect(monitor.options.steps.map((step: { name: string }) => step.name)).toEqual([
      "login",
      "login_ok",
      "extract_token",
      "list_orders",
      "orders_status",
      "orders_present",
      "orders_json",
      "orders_fast",
      "logout",
    ]);
    // A new monitor is checked at once.
    await expect.poll(async () => (await checksOf(monitorId)).length).toBe(1);
    const [check] = await checksOf(monitorId);
    expect(check).toMatchObject({ status: "up", error: null });
    expect(check.steps).toHaveLength(9);
    expect(
      check.steps.map((step: { name: string; status: string }) => [step.name, step.status]),
    ).toEqual([
      ["login", "passed"],
      ["login_ok", "passed"],
      ["extract_token", "passed"],
      ["list_orders", "passed"],
      ["orders_status", "passed"],
      ["orders_present", "passed"],
      ["orders_json", "passed"],
      ["orders_fast", "passed"],
      ["logout", "passed"],
    ]);
    expect(check.steps[0]).toMatchObject({
      type: "http_request",
      statusCode: 200,
      request: { method: "POST", url: `${ordersUrl()}/v1/auth/login` },
    });
    const now = await checkNow(monitorId);
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ status: "up", error: null });
    expect(now.json().steps).toHaveLength(9);
  });

  it("fails the run when the API breaks, naming the step in the check, the alert and the webhook", async () => {
    ordersDown = true;
    const sentence = 'Step "orders_status": expected status 200, got 503';
    // The example keeps the default of three failed runs before the monitor is down.
    for (let run = 0; run < 3; run += 1) {
      const response = await checkNow(monitorId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: "down", error: sentence });
    }
    const [latest] = await checksOf(monitorId);
    const failed = latest.steps.find((step: { name: string }) => step.name === "orders_status");
    expect(failed).toMatchObject({ status: "failed", actual: "503" });
    expect(failed.error).toContain("expected status 200, got 503");
    const alerts = (await api("GET", `/alerts?monitor_id=${monitorId}`)).json().data;
    expect(alerts).toHaveLength(1);
    expect(alerts[0].message).toContain(sentence);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const payload = JSON.parse(receiver.received[0]!.body);
    expect(payload).toMatchObject({
      event: "monitor.down",
      monitor: { id: monitorId, type: "multi_step" },
      alert: { message: expect.stringContaining(sentence) },
    });
  });

  it("never shows, stores or logs the secure value in plain text", async () => {
    await api("GET", `/monitors/${monitorId}`);
    await api("GET", "/monitors");
    await checksOf(monitorId);
    await api("GET", `/alerts?monitor_id=${monitorId}`);
    await api("GET", "/secure-variables");
    const tables = [
      "monitors",
      "check_results",
      "alerts",
      "incidents",
      "notifications",
      "notification_deliveries",
      "outbox",
      "secure_variables",
    ] as const;
    const stored: string[] = [];
    for (const table of tables) {
      stored.push(JSON.stringify(await db().handle.db.selectFrom(table).selectAll().execute()));
    }
    const places = {
      answers: answers.join("\n"),
      stored: stored.join("\n"),
      webhooks: receiver.received.map((request) => request.body).join("\n"),
      logs: logLines.join(""),
    };
    // The runs really used it: the orders API accepted the login in every one of them.
    const runs = await db()
      .handle.db.selectFrom("check_results")
      .select("steps")
      .where("monitor_id", "=", monitorId)
      .execute();
    expect(runs.length).toBeGreaterThanOrEqual(5);
    for (const run of runs)
      expect(JSON.parse(run.steps!)[1]).toMatchObject({ name: "login_ok", status: "passed" });
    for (const [place, text] of Object.entries(places)) {
      expect({ place, found: text.includes(PASSWORD) }).toEqual({ place, found: false });
    }
  });

  it("refuses multi-step checks on the Free plan with a sentence", async () => {
    const free = await createTestAccount(db(), "free");
    const response = await api("POST", "/monitors", articleExample(ordersUrl()), free.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(
      /^Multi-step API monitors need the Hobby plan or above; the Free plan offers /,
    );
  });

  const base = () => articleExample(ordersUrl()) as { steps: Record<string, unknown>[] };
  const refusals: [string, (example: ReturnType<typeof base>) => void, RegExp][] = [
    [
      "an unknown step type",
      (example) => {
        example.steps[1]!.type = "teleport";
      },
      /Step "login_ok".*type must be one of http_request, extract, assertion, wait, script/,
    ],
    [
      "two steps with one name",
      (example) => {
        example.steps[2]!.name = "login";
      },
      /Two steps are named "login"\./,
    ],
    [
      "a dependency on no step",
      (example) => {
        example.steps[2]!.dependencies = { depends_on: ["nope"], dependency_type: "success" };
      },
      /Step "extract_token": depends_on names "nope", which is not a step of this check\./,
    ],
    [
      "a dependency cycle",
      (example) => {
        example.steps[0]!.dependencies = { depends_on: ["logout"], dependency_type: "success" };
      },
      /Step "login": depends_on/,
    ],
    [
      "an invalid JSONPath",
      (example) => {
        example.steps[5]!.config = {
          type: "json_path",
          path: "$..[?(@.constructor.constructor('return process')())]",
          operator: "exists",
        };
      },
      /Step "orders_present": config\.path/,
    ],
    [
      "a script that does not parse",
      (example) => {
        example.steps.push({
          name: "date",
          type: "script",
          order_index: 10,
          config: { source: "vars.today = (new Date().toISOString(" },
        });
      },
      /Step "date": the script does not parse: /,
    ],
    [
      "26 steps",
      (example) => {
        for (let index = 10; index <= 26; index += 1) {
          example.steps.push({
            name: `pause_${index}`,
            type: "wait",
            order_index: index,
            config: { seconds: 1 },
          });
        }
      },
      /steps can hold at most 25 steps/,
    ],
    [
      "a body over 64 KiB",
      (example) => {
        (example.steps[0]!.config as { body: string }).body = "x".repeat(65_537);
      },
      /Step "login": config\.body can be at most 64 KiB/,
    ],
  ];
  for (const [what, change, sentence] of refusals) {
    it(`refuses ${what} with a sentence naming the step and field`, async () => {
      const example = base();
      change(example);
      const response = await api("POST", "/monitors", example);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(sentence);
    });
  }

  it("refuses a secure variable that does not exist with a sentence naming the variable", async () => {
    const example = articleExample(ordersUrl()) as { variables: Record<string, string> };
    example.variables.password = "secure:orders_api_passwrd";
    const response = await api("POST", "/monitors", example);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "variables.password: there is no secure variable named orders_api_passwrd; add it under Settings > Secure variables first.",
    });
  });

  it("refuses the same secure variable mistake when a monitor is changed", async () => {
    const example = articleExample(ordersUrl()) as { variables: Record<string, string> };
    example.variables.password = "secure:missing_one";
    const response = await api("PATCH", `/monitors/${monitorId}`, {
      type: "multi_step",
      options: { variables: example.variables, steps: (example as { steps?: unknown }).steps },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      "variables.password: there is no secure variable named missing_one; add it under Settings > Secure variables first.",
    );
  });

  it("changes only the steps when a change sends steps alone, keeping the variables", async () => {
    const before = (await api("GET", `/monitors/${monitorId}`)).json();
    const steps = before.options.steps.slice(0, 2);
    const changed = await api("PATCH", `/monitors/${monitorId}`, { steps });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().options).toEqual({ variables: before.options.variables, steps });
    const renamed = await api("PATCH", `/monitors/${monitorId}`, {
      variables: { ...before.options.variables, username: "other@example.com" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().options.steps).toEqual(steps);
    expect(renamed.json().options.variables.username).toBe("other@example.com");
  });
});
