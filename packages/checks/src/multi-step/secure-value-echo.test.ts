import type { IncomingMessage, ServerResponse } from "node:http";
import type { CheckOutcome } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";
import { multiStepSpec } from "./orders-api-fixture.ts";

const network = testNetwork();
/** Every secret below holds this word, so any unmasked piece of one is found by it. */
const MARKER = "Kestrel";

/** What the target read of the secret, by where the request put it. */
function readSecret(route: string, url: URL, request: IncomingMessage, body: string): string {
  if (route === "query") return url.searchParams.get("token") ?? "";
  if (route === "path") return decodeURIComponent(url.pathname.slice("/path/".length));
  if (route === "header") {
    return Buffer.from(String(request.headers["x-token"] ?? ""), "latin1").toString("utf8");
  }
  if (route === "form") return new URLSearchParams(body).get("password") ?? "";
  return JSON.parse(body).password;
}

/**
 * Answers with what it read in every form a careless server might: the UTF-8 bytes in a header
 * (which Node reads as Latin-1), JSON with non-ASCII escaped, HTML-escaped, lowercase
 * percent-encoding, a Basic credential, and the request line as sent.
 */
function echo(route: string, request: IncomingMessage, body: string, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://echo.test");
  let received: string;
  try {
    received = readSecret(route, url, request, body);
  } catch (error) {
    response.writeHead(400).end(`Cannot read ${body}: ${(error as Error).message}`);
    return "";
  }
  const answer = JSON.stringify({
    received,
    html: received.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;"),
    percent: encodeURIComponent(received).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    credential: Buffer.from(`monitor:${received}`).toString("base64"),
    line: request.url,
  }).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  response
    .writeHead(200, {
      "content-type": "application/json",
      "x-echo": Buffer.from(received, "utf8").toString("latin1"),
    })
    .end(answer);
  return received;
}

describe("secure values a target echoes back", () => {
  let server: LoopbackServer;
  let base: string;
  const received: string[] = [];

  beforeAll(async () => {
    server = await startHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const route = (request.url ?? "/").split(/[/?]/)[1] ?? "";
        received.push(echo(route, request, Buffer.concat(chunks).toString("utf8"), response));
      });
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  /** The request, then every way a step can show what came back: all run, whatever fails. */
  const echoCheck = (request: object, secret: string) =>
    multiStepSpec(
      {
        variables: { base, secret: "secure:api_secret" },
        steps: [
          { name: "call", type: "http_request", order_index: 1, config: request },
          ...[
            { type: "extract", config: { from: "body", path: "$.received", to_variable: "a" } },
            { type: "extract", config: { from: "headers", path: "X-Echo", to_variable: "b" } },
            {
              type: "assertion",
              config: { type: "json_path", path: "$.received", operator: "equals", expected: 1 },
            },
            {
              type: "assertion",
              config: { type: "header", path: "x-echo", operator: "equals", expected: "other" },
            },
            {
              type: "script",
              config: {
                source:
                  "console.log(response.body); console.log(JSON.stringify(response.headers));",
              },
            },
          ].map((step, index) => ({
            ...step,
            name: `show_${index}`,
            order_index: index + 2,
            dependencies: { depends_on: "call", dependency_type: "completion" },
          })),
        ],
      },
      { secureValues: { api_secret: secret } },
    );

  /** Runs the check; the target must have read the secret whole, and nothing of it may show. */
  const runEchoing = async (
    request: object,
    secret: string,
    read = secret,
  ): Promise<CheckOutcome> => {
    received.length = 0;
    const outcome = await runCheck(echoCheck(request, secret), { network });
    expect(received).toEqual([read]);
    expect(outcome.steps?.[0]).toMatchObject({ status: "passed", statusCode: 200 });
    expect(outcome.steps?.[1]).toMatchObject({
      status: "passed",
      actual: "********",
    });
    expect(outcome.steps?.[3]?.error).toBe('$.received is "********", expected "1"');
    expect(outcome.steps?.[5]?.logs?.join("\n")).toContain("********");
    expectNothingOf(secret, outcome);
    return outcome;
  };

  const expectNothingOf = (secret: string, outcome: CheckOutcome) => {
    const shown = JSON.stringify(outcome);
    expect(shown).not.toContain(MARKER);
    expect(shown.toLowerCase()).not.toContain(MARKER.toLowerCase());
    // The part of the Basic credential that only the secret's bytes decide.
    const credential = Buffer.from(`monitor:${secret}`).toString("base64");
    expect(shown).not.toContain(credential.slice(12, 24));
  };

  it("sends a secure value holding # whole in a URL's query, so no part before the # shows", async () => {
    const secret = "Orders-Kestrel#9041&x=1";
    const outcome = await runEchoing({ url: "{{base}}/query?token={{secret}}" }, secret);
    expect(outcome.steps?.[0]?.request?.url).toBe(`${base}/query?token=********`);
  });

  it("sends a secure value holding # and ? whole as one piece of a URL's path", async () => {
    const secret = "Orders-Kestrel#9041?page=2";
    const outcome = await runEchoing({ url: "{{base}}/path/{{secret}}" }, secret);
    expect(outcome.steps?.[0]?.request?.url).toBe(`${base}/path/********`);
  });

  it("sends a secure variable holding a whole address with its # encoded, and masks its echoed path", async () => {
    const secret = `${base}/path/Orders-Kestrel#9041`;
    const outcome = await runEchoing({ url: "{{secret}}" }, secret, "Orders-Kestrel#9041");
    expect(outcome.steps?.[0]?.request?.url).toBe("********");
  });

  it("masks a non-ASCII secure value sent in a header and echoed back as UTF-8 bytes", async () => {
    await runEchoing(
      { url: "{{base}}/header", headers: { "X-Token": "{{secret}}" } },
      "Pässwört-Kestrel-9041",
    );
  });

  it("sends a secure value beyond Latin-1 in a header as UTF-8, and masks its echo", async () => {
    await runEchoing(
      { url: "{{base}}/header", headers: { "X-Token": "{{secret}}" } },
      "密码-Kestrel-€9041",
    );
  });

  it("masks a non-ASCII secure value sent in a JSON body and echoed in a header", async () => {
    await runEchoing(
      {
        method: "POST",
        url: "{{base}}/json",
        headers: { "Content-Type": "application/json" },
        body: '{"user": "monitor", "password": "{{secret}}"}',
      },
      'Grüße "Kestrel" \\ 9041',
    );
  });

  it("sends a secure value holding & and + whole in a form-encoded body", async () => {
    await runEchoing(
      {
        method: "POST",
        url: "{{base}}/form",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "user=monitor&password={{secret}}",
      },
      "Kestrel&9041+ zwölf",
    );
  });

  it("refuses a header whose secure value holds a line break, without showing the value", async () => {
    received.length = 0;
    const outcome = await runCheck(
      echoCheck(
        { url: "{{base}}/header", headers: { "X-Token": "{{secret}}" } },
        "Kestrel-9041\r\nX-Evil: 1",
      ),
      { network },
    );
    expect(received).toEqual([]);
    expect(outcome.steps?.[0]?.error).toBe(
      "The value of header X-Token holds a line break or another control character once its variables are filled in, which a header cannot carry.",
    );
    expectNothingOf("Kestrel-9041\r\nX-Evil: 1", outcome);
  });

  it("masks the secure value in the sentence for a URL that does not parse", async () => {
    const outcome = await runCheck(
      echoCheck(
        { url: "http://bad host.invalid/{{secret}}?token={{secret}}" },
        "Orders-Kestrel#9041",
      ),
      { network },
    );
    expect(outcome.steps?.[0]?.error).toBe(
      "The URL http://bad host.invalid/********?token=******** is not a valid address.",
    );
    expectNothingOf("Orders-Kestrel#9041", outcome);
  });

  it("shows no cut-off piece of a secure value when a filled URL is too long", async () => {
    const url = `{{base}}/path/${"a".repeat(1970 - base.length)}{{secret}}`;
    const outcome = await runCheck(echoCheck({ url }, "Orders-Kestrel-9041-secret"), { network });
    expect(outcome.steps?.[0]?.error).toMatch(/^The URL is longer than 2,000 characters/);
    expectNothingOf("Orders-Kestrel-9041-secret", outcome);
  });
});
