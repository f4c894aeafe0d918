import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, operationPath } from "./api-call.ts";
import { ApiError, setCsrfToken } from "./api-client.ts";
import { OP } from "./operation-routes.ts";

interface Seen {
  method: string;
  url: string;
  csrf: string | undefined;
  body: string;
}

/** What the fake API answers next, and what it was asked. */
let answer: { status: number; body?: string; headers?: Record<string, string> };
let seen: Seen[] = [];
let server: Server;
let base: string;
const visited: string[] = [];
const nodeFetch = globalThis.fetch;

/** The app asks its own origin; here that origin is a server on loopback. */
function sendTo(origin: string): void {
  vi.stubGlobal("fetch", (path: string, init: RequestInit) => nodeFetch(`${origin}${path}`, init));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      csrf: request.headers["x-csrf-token"] as string | undefined,
      body: await bodyOf(request),
    });
    response.writeHead(answer.status, {
      "content-type": "application/json",
      ...answer.headers,
    });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sendTo(base);
  vi.stubGlobal("window", {
    location: { pathname: "/app/monitors", search: "", assign: (to: string) => visited.push(to) },
  });
});

afterEach(() => {
  seen = [];
  visited.length = 0;
  setCsrfToken(undefined);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe("an operation's address", () => {
  it("fills each path parameter, encoded", () => {
    expect(
      operationPath(OP.deleteStatusSection, { params: { id: "sp_1", sectionId: "a/b c" } }),
    ).toBe("/status-pages/sp_1/sections/a%2Fb%20c");
  });

  it("encodes the query, repeating a list and leaving out what is not given", () => {
    expect(operationPath(OP.listMonitors, { query: { group: ["grp_a", "grp_b"] } })).toBe(
      "/monitors?group=grp_a&group=grp_b",
    );
    expect(
      operationPath(OP.listAlerts, {
        query: { state: "open", monitor_id: undefined, limit: 20, before: "a&b" },
      }),
    ).toBe("/alerts?state=open&limit=20&before=a%26b");
    expect(operationPath(OP.listAlerts, { query: {} })).toBe("/alerts");
  });

  it("refuses to call an operation without a path parameter it needs", () => {
    expect(() => operationPath(OP.getMonitor, { params: { id: "" } })).toThrow(/needs its id/);
  });
});

describe("calling an operation", () => {
  it("sends the method, the filled path, the body and the security token, and gives the answer", async () => {
    answer = { status: 200, body: JSON.stringify({ id: "mon_1", name: "Shop" }) };
    setCsrfToken("token-1");
    const saved = await call(OP.updateMonitor, {
      params: { id: "mon_1" },
      body: { name: "Shop" },
    });
    expect(saved).toEqual({ id: "mon_1", name: "Shop" });
    expect(seen).toEqual([
      {
        method: "PATCH",
        url: "/api/v1/monitors/mon_1",
        csrf: "token-1",
        body: JSON.stringify({ name: "Shop" }),
      },
    ]);
  });

  it("resolves with nothing when the API answers 204", async () => {
    answer = { status: 204 };
    await expect(call(OP.deleteMonitor, { params: { id: "mon_1" } })).resolves.toBeUndefined();
    expect(seen[0]?.method).toBe("DELETE");
  });

  it("throws the API's sentence when it refuses, with how long to wait when it said", async () => {
    answer = {
      status: 429,
      body: JSON.stringify({ detail: "Too many monitors checked at once." }),
      headers: { "retry-after": "30" },
    };
    const refusal = await call(OP.checkMonitorNow, { params: { id: "mon_1" } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 429,
      detail: "Too many monitors checked at once.",
      retryAfter: 30,
    });
    expect(visited).toEqual([]);
  });

  it("sends a visitor whose session ended to sign in, coming back to the same screen", async () => {
    answer = { status: 401, body: JSON.stringify({ detail: "Sign in to continue." }) };
    await expect(call(OP.listMonitors)).rejects.toMatchObject({ status: 401 });
    expect(visited).toEqual(["/app/login?next=%2Fapp%2Fmonitors"]);
  });

  it("leaves a wrong password to the sign-in form rather than reloading the login page", async () => {
    answer = { status: 401, body: JSON.stringify({ detail: "Wrong e-mail or password." }) };
    await expect(
      call(OP.login, { body: { email: "a@example.com", password: "wrong-password" } }),
    ).rejects.toMatchObject({ detail: "Wrong e-mail or password." });
    expect(visited).toEqual([]);
  });

  it("says the server could not be reached when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    sendTo(`http://127.0.0.1:${port}`);
    try {
      await expect(call(OP.listMonitors)).rejects.toMatchObject({ status: 0 });
    } finally {
      sendTo(base);
    }
  });
});
