import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import {
  type BadRequest,
  foreignIdRequests,
  malformedRequests,
} from "../../../test/bad-requests.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  baseRequestOf,
  type OperationUnderTest,
  operationsUnderTest,
} from "../../../test/operations-under-test.ts";
import {
  type FilledAccount,
  fillAccount,
  newAgentWithTask,
  type RowIds,
} from "../../../test/rows-of-every-kind.ts";

// Every request is derived from the operations' zod schemas without randomness (the seed is the
// schemas themselves), so a failure names a request that fails the same way on every run.
// Operations that answer a browser (single sign-on's callback) may refuse with a redirect that
// carries the sentence; the event stream takes no input to spoil and stays open, so it is only
// left out of what the other account sees. CSV exports are sent everything: only their success
// is CSV, and every refusal is JSON like the rest.

/** An agent may send 30 requests a minute; each agent here sends fewer, then the next takes over. */
const REQUESTS_PER_AGENT = 25;

const OPERATIONS = operationsUnderTest();

describeEachDatabase("every operation refuses bad input", (db) => {
  let app: FastifyInstance;
  let mine: FilledAccount;
  let theirs: FilledAccount;
  let theirDataBefore: string[];

  beforeAll(async () => {
    // Rate limits off: every request must reach the validation and the service it tests.
    app = await buildTestApp(db(), {
      env: { SESSION_RATE_LIMIT: "0", FORMS_RATE_LIMIT: "0", SIGNUP_RATE_LIMIT: "0" },
    });
    mine = await fillAccount(app, db());
    theirs = await fillAccount(app, db());
    theirDataBefore = await everythingSeenBy(theirs);
  });
  afterAll(() => app.close());

  /** Sends the requests as the operation's caller; agents take turns to stay within their allowance. */
  async function faultsOf(
    operation: OperationUnderTest,
    requestsFor: (rows: RowIds) => BadRequest[],
  ): Promise<string[]> {
    const faults: string[] = [];
    const count = requestsFor(mine.rows).length;
    for (let start = 0; start < count; start += REQUESTS_PER_AGENT) {
      let headers: Record<string, string> = {};
      let rows = mine.rows;
      if (operation.caller === "owner") headers = mine.owner.headers;
      if (operation.caller === "agent") {
        const agent = await newAgentWithTask(db(), mine.owner.accountId);
        headers = agent.headers;
        rows = { ...mine.rows, task: agent.taskId };
      }
      const chunk = operation.caller === "agent" ? REQUESTS_PER_AGENT : count;
      for (const request of requestsFor(rows).slice(start, start + chunk)) {
        const fault = faultOf(request, await send(request, headers), operation.redirects);
        if (fault) faults.push(fault);
      }
      if (operation.caller !== "agent") break;
    }
    if (operation.caller === "owner") faults.push(...(await sessionChanges()));
    return faults;
  }

  /** Whether the owner is still signed in to their account: no bad request may change that. */
  async function sessionChanges(): Promise<string[]> {
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: mine.owner.headers,
    });
    if (response.statusCode === 200 && response.json().account.id === mine.owner.accountId) {
      return [];
    }
    return [`afterwards the owner's session answered ${response.statusCode} ${response.body}`];
  }

  function send(request: BadRequest, headers: Record<string, string>) {
    const hasBody = request.payload !== undefined;
    return app.inject({
      method: request.method,
      url: request.url,
      headers: hasBody ? { ...headers, "content-type": "application/json" } : headers,
      ...(hasBody ? { payload: request.payload } : {}),
    });
  }

  /** What the other account's owner sees on every page of the API that shows its data. */
  async function everythingSeenBy(account: FilledAccount): Promise<string[]> {
    const seen: string[] = [];
    for (const operation of OPERATIONS) {
      const shows = operation.method === "GET" && operation.caller === "owner";
      // Sign-in pages show when each session was last seen: they change with every request.
      if (!shows || operation.streams || operation.url.startsWith("/api/v1/auth/")) continue;
      const base = baseRequestOf(operation, account.rows);
      const url = operation.url.replace(/:(\w+)/g, (_, name: string) => base.params[name] ?? "");
      const response = await app.inject({ method: "GET", url, headers: account.owner.headers });
      seen.push(`${url} ${response.statusCode} ${withoutPresentTime(response.body)}`);
    }
    return seen;
  }

  for (const operation of OPERATIONS) {
    const name = `${operation.name} (${operation.method} ${operation.url})`;
    it(`${name} answers malformed input with a 4xx and a sentence`, async () => {
      const faults = await faultsOf(operation, (rows) =>
        malformedRequests(operation, baseRequestOf(operation, rows)),
      );
      expect(faults).toEqual([]);
    });

    it(`${name} refuses the ids of another account's rows`, async () => {
      const faults = await faultsOf(operation, (rows) =>
        foreignIdRequests(operation, baseRequestOf(operation, rows), rows, theirs.rows),
      );
      expect(faults).toEqual([]);
    });
  }

  it("leaves the other account's data as it was", async () => {
    expect(await everythingSeenBy(theirs)).toEqual(theirDataBefore);
  });
});

/** What is wrong with the answer to a bad request, if anything. */
function faultOf(
  request: BadRequest,
  response: LightMyRequestResponse,
  redirects: boolean,
): string | undefined {
  const status = response.statusCode;
  const said = `${request.label}: ${request.method} ${shorten(request.url)} answered ${status} ${shorten(response.body)}`;
  if (status >= 500) return said;
  const refused = status >= 400 || (redirects && status >= 300 && status < 400);
  if (request.mustRefuse && !refused) return said;
  const shown =
    status < 300 ? request.mustNotShow?.find((id) => response.body.includes(id)) : undefined;
  if (shown) return `${said} (shows ${shown})`;
  if (status >= 400 && !saysWhy(response)) return `${said} (not { detail: <a sentence> })`;
  return undefined;
}

function saysWhy(response: LightMyRequestResponse): boolean {
  if (!String(response.headers["content-type"]).startsWith("application/json")) return false;
  const body = JSON.parse(response.body) as unknown;
  if (typeof body !== "object" || body === null || !("detail" in body)) return false;
  return typeof body.detail === "string" && body.detail.trim().length > 0;
}

/** Answers about "the last 24 hours" move with the clock; their windows are left out. */
function withoutPresentTime(body: string): string {
  return body.replace(/"(from|to|start|at)":"[^"]*"/g, '"$1":"<time>"');
}

function shorten(text: string): string {
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
