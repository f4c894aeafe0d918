import { httpOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import {
  type LoopbackServer,
  policyTreatingAsPublic,
  startHttpServer,
  testNetwork,
} from "../testing/index.ts";

describe("redirects under the network guard", () => {
  let publicServer: LoopbackServer;
  let privateServer: LoopbackServer;
  let privateHits = 0;

  beforeAll(async () => {
    privateServer = await startHttpServer((_request, response) => {
      privateHits += 1;
      response.end("internal secrets");
    }, "127.0.0.2");
    publicServer = await startHttpServer((request, response) => {
      const targets: Record<string, string> = {
        "/to-private": `http://127.0.0.2:${privateServer.port}/`,
        "/to-metadata": "http://169.254.169.254/latest/meta-data/",
        "/to-rebinding-name": `http://internal.test:${privateServer.port}/`,
      };
      const location = targets[request.url ?? ""];
      if (location) return response.writeHead(302, { location }).end();
      response.end("public page");
    });
  });
  afterAll(async () => {
    await publicServer.close();
    await privateServer.close();
  });

  // 127.0.0.1 plays a public address; every other address is judged as in production.
  const network = testNetwork({
    hosts: { "internal.test": ["127.0.0.2"] },
    policy: policyTreatingAsPublic(["127.0.0.1"]),
  });
  const check = (path: string) =>
    runCheck(
      {
        type: "http",
        target: `http://127.0.0.1:${publicServer.port}${path}`,
        timeoutMs: 3000,
        options: httpOptionsSchema.parse({}),
      },
      { network },
    );

  it("reaches the allowed target itself", async () => {
    expect((await check("/")).status).toBe("up");
  });

  it("refuses a redirect into a loopback address and never connects to it", async () => {
    const outcome = await check("/to-private");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(
      /^Refused to connect to 127\.0\.0\.2: it is a loopback address\./,
    );
    expect(privateHits).toBe(0);
  });

  it("refuses a redirect to the cloud metadata address", async () => {
    const outcome = await check("/to-metadata");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(
      /Refused to connect to 169\.254\.169\.254: it is a cloud metadata address/,
    );
  });

  it("refuses a redirect to a name that resolves into a refused range", async () => {
    const outcome = await check("/to-rebinding-name");
    expect(outcome.error).toMatch(/internal\.test resolves to a refused address/);
    expect(privateHits).toBe(0);
  });
});
