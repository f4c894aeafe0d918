import type { IncomingMessage, ServerResponse } from "node:http";
import { type CheckSpecOf, multiStepStructureSchema } from "@upwatch/core";

/** The orders API the help centre's example checks, with switches to break it. */
export interface OrdersApiScenario {
  password: string;
  omitToken: boolean;
  ordersDelayMs: number;
  ordersStatus: number;
  /** Echoes the password it received back in a header and the body, as careless APIs do. */
  echoPassword: boolean;
}

export const SECURE_PASSWORD = "correct-horse-battery-staple";
export const TOKEN = "tok_4f9a";

export function defaultScenario(): OrdersApiScenario {
  return {
    password: SECURE_PASSWORD,
    omitToken: false,
    ordersDelayMs: 0,
    ordersStatus: 200,
    echoPassword: false,
  };
}

export interface OrdersApiLog {
  paths: string[];
  logouts: number;
}

export function ordersApi(scenario: () => OrdersApiScenario, log: OrdersApiLog) {
  return (request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const current = scenario();
      const url = request.url ?? "/";
      log.paths.push(`${request.method} ${url}`);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        response
          .writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers })
          .end(JSON.stringify(value));
      if (request.method === "POST" && url === "/v1/auth/login") {
        const sent = JSON.parse(body) as { email: string; password: string };
        const echo: Record<string, string> = current.echoPassword
          ? { "x-echo": sent.password }
          : {};
        if (sent.password !== current.password) {
          return json(401, { error: "bad credentials", password: sent.password }, echo);
        }
        const data = current.omitToken ? {} : { token: TOKEN };
        return json(200, { data, seen: current.echoPassword ? sent.password : null }, echo);
      }
      if (request.method === "GET" && url === "/v1/orders?limit=5") {
        if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(401, {});
        const answer = () => json(current.ordersStatus, { data: [{ id: 7 }, { id: 8 }] });
        return void setTimeout(answer, current.ordersDelayMs);
      }
      if (request.method === "POST" && url === "/v1/auth/logout") {
        log.logouts += 1;
        return response.writeHead(204).end();
      }
      response.writeHead(404).end();
    });
  };
}

/** The help centre's complete example, as it stands, pointed at `baseUrl`. */
export function articleExample(baseUrl: string) {
  return {
    variables: {
      base_url: baseUrl,
      username: "synthetic-monitor@example.com",
      password: "secure:orders_api_password",
    },
    steps: [
      {
        name: "login",
        type: "http_request",
        order_index: 1,
        config: {
          method: "POST",
          url: "{{base_url}}/v1/auth/login",
          headers: { "Content-Type": "application/json" },
          body: '{"email": "{{username}}", "password": "{{password}}"}',
        },
      },
      {
        name: "login_ok",
        type: "assertion",
        order_index: 2,
        config: { type: "status_code", operator: "equals", expected: 200 },
        dependencies: { depends_on: ["login"], dependency_type: "success" },
      },
      {
        name: "extract_token",
        type: "extract",
        order_index: 3,
        config: { from: "body", path: "$.data.token", to_variable: "token" },
        dependencies: { depends_on: ["login_ok"], dependency_type: "success" },
      },
      {
        name: "list_orders",
        type: "http_request",
        order_index: 4,
        config: {
          method: "GET",
          url: "{{base_url}}/v1/orders?limit=5",
          headers: { Authorization: "Bearer {{token}}", Accept: "application/json" },
        },
        dependencies: { depends_on: ["extract_token"], dependency_type: "success" },
      },
      {
        name: "orders_status",
        type: "assertion",
        order_index: 5,
        config: { type: "status_code", operator: "equals", expected: 200 },
        dependencies: { depends_on: ["list_orders"], dependency_type: "success" },
      },
      {
        name: "orders_present",
        type: "assertion",
        order_index: 6,
        config: { type: "json_path", path: "$.data[0].id", operator: "exists" },
        dependencies: { depends_on: ["list_orders"], dependency_type: "success" },
      },
      {
        name: "orders_json",
        type: "assertion",
        order_index: 7,
        config: {
          type: "header",
          path: "Content-Type",
          operator: "contains",
          expected: "application/json",
        },
        dependencies: { depends_on: ["list_orders"], dependency_type: "success" },
      },
      {
        name: "orders_fast",
        type: "assertion",
        order_index: 8,
        config: { type: "response_time", operator: "less_than", expected: 800 },
        dependencies: { depends_on: ["list_orders"], dependency_type: "success" },
      },
      {
        name: "logout",
        type: "http_request",
        order_index: 9,
        config: {
          method: "POST",
          url: "{{base_url}}/v1/auth/logout",
          headers: { Authorization: "Bearer {{token}}" },
        },
        dependencies: { depends_on: ["list_orders"], dependency_type: "completion" },
      },
    ],
  };
}

/** A multi-step check spec from options in the help centre's shape. */
export function multiStepSpec(
  options: unknown,
  extra: Partial<Pick<CheckSpecOf<"multi_step">, "secureValues" | "runLimitMs" | "timeoutMs">> = {},
): CheckSpecOf<"multi_step"> {
  return {
    type: "multi_step",
    target: "",
    timeoutMs: 5000,
    runLimitMs: 20_000,
    secureValues: { orders_api_password: SECURE_PASSWORD },
    options: multiStepStructureSchema.parse(options),
    ...extra,
  };
}
