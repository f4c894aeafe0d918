import type { IncomingHttpHeaders } from "node:http";
import { httpOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";

describe("the monitor's headers across redirects", () => {
  let target: LoopbackServer;
  let elsewhere: LoopbackServer;
  const seenByTarget = new Map<string, IncomingHttpHeaders>();
  const seenElsewhere = new Map<string, IncomingHttpHeaders>();

  beforeAll(async () => {
    // Same address, another port: another origin, as a redirect to another host would be.
    elsewhere = await startHttpServer((request, response) => {
      seenElsewhere.set(request.url ?? "", request.headers);
      if (request.url === "/and-back") {
        return response.writeHead(302, { location: `${originOf(target)}/landing-again` }).end();
      }
      response.end("elsewhere");
    });
    target = await startHttpServer((request, response) => {
      seenByTarget.set(request.url ?? "", request.headers);
      const locations: Record<string, string> = {
        "/same-origin": "/landing",
        "/other-origin": `${originOf(elsewhere)}/landing`,
        "/away-and-back": `${originOf(elsewhere)}/and-back`,
      };
      const location = locations[request.url ?? ""];
      if (location) return response.writeHead(302, { location }).end();
      response.end("landed");
    });
  });
  afterAll(async () => {
    await target.close();
    await elsewhere.close();
  });

  const check = (path: string) =>
    runCheck(
      {
        type: "http",
        target: `${originOf(target)}${path}`,
        timeoutMs: 3000,
        options: httpOptionsSchema.parse({
          headers: { "X-Api-Key": "k-123", "X-Tenant": { value: "acme", secret: true } },
          auth: { type: "bearer", token: "tok_456" },
        }),
      },
      { network: testNetwork() },
    );

  it("keeps custom headers and credentials on a redirect within the same origin", async () => {
    expect((await check("/same-origin")).status).toBe("up");
    const landed = seenByTarget.get("/landing")!;
    expect(landed["x-api-key"]).toBe("k-123");
    expect(landed["x-tenant"]).toBe("acme");
    expect(landed.authorization).toBe("Bearer tok_456");
  });

  it("sends no custom header or credential to another origin a redirect names", async () => {
    expect((await check("/other-origin")).status).toBe("up");
    expect(seenByTarget.get("/other-origin")?.["x-api-key"]).toBe("k-123");
    const landed = seenElsewhere.get("/landing")!;
    expect(landed).toBeDefined();
    expect(landed["x-api-key"]).toBeUndefined();
    expect(landed["x-tenant"]).toBeUndefined();
    expect(landed.authorization).toBeUndefined();
  });

  it("does not send them again when another origin redirects back to the target", async () => {
    expect((await check("/away-and-back")).status).toBe("up");
    const back = seenByTarget.get("/landing-again")!;
    expect(back).toBeDefined();
    expect(back["x-api-key"]).toBeUndefined();
    expect(back.authorization).toBeUndefined();
  });
});

function originOf(server: LoopbackServer): string {
  return `http://127.0.0.1:${server.port}`;
}
