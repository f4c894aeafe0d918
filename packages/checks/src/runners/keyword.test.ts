import { keywordOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";

describe("the keyword runner", () => {
  let server: LoopbackServer;
  const network = testNetwork();
  beforeAll(async () => {
    server = await startHttpServer((request, response) => {
      if (request.url === "/error") return response.writeHead(500).end("Status: Operational");
      response.end("<html><body>Status: Operational. No maintenance planned.</body></html>");
    });
  });
  afterAll(() => server.close());

  const check = (options: Record<string, unknown>, path = "/") =>
    runCheck(
      {
        type: "keyword",
        target: `http://127.0.0.1:${server.port}${path}`,
        timeoutMs: 3000,
        options: keywordOptionsSchema.parse(options),
      },
      { network },
    );

  it("is up when the expected text is on the page", async () => {
    expect((await check({ keyword: "Operational" })).status).toBe("up");
  });

  it("is down when the expected text is missing, naming it", async () => {
    const outcome = await check({ keyword: "All systems go" });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe('The page does not contain "All systems go".');
  });

  it("matches case-sensitively unless told otherwise", async () => {
    expect((await check({ keyword: "operational" })).status).toBe("down");
    expect((await check({ keyword: "operational", case_sensitive: false })).status).toBe("up");
  });

  it("is down when text that must be absent is present", async () => {
    const outcome = await check({ keyword: "maintenance", keyword_mode: "absent" });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe('The page contains "maintenance", which should be absent.');
    expect((await check({ keyword: "outage", keyword_mode: "absent" })).status).toBe("up");
  });

  it("is down on an error status even when the text is there", async () => {
    const outcome = await check({ keyword: "Operational" }, "/error");
    expect(outcome).toMatchObject({ status: "down", statusCode: 500 });
  });
});
