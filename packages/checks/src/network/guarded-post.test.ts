import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closedPort,
  type LoopbackServer,
  startHttpServer,
  startSilentTcpServer,
  testNetwork,
} from "../testing/index.ts";
import { createAddressPolicy } from "./address-policy.ts";
import { PostTimeoutError, postThroughGuard, urlRefusal } from "./guarded-post.ts";

describe("a POST through the network guard", () => {
  let receiver: LoopbackServer;
  let silent: LoopbackServer;
  const received: { method?: string; body: string; headers: Record<string, unknown> }[] = [];
  const network = testNetwork({ hosts: { "hooks.test": ["127.0.0.1"] } });

  beforeAll(async () => {
    receiver = await startHttpServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ method: request.method, body, headers: request.headers });
        response.writeHead(request.url === "/gone" ? 410 : 204).end();
      });
    });
    silent = await startSilentTcpServer();
  });
  afterAll(async () => {
    await receiver.close();
    await silent.close();
  });

  it("sends the body and headers to an allowed address and reports the status", async () => {
    const answer = await postThroughGuard({
      url: `http://hooks.test:${receiver.port}/in?x=1`,
      headers: { "content-type": "application/json", "webhook-id": "msg_1" },
      body: '{"event":"test"}',
      timeoutMs: 2000,
      network,
    });
    expect(answer.statusCode).toBe(204);
    expect(received.at(-1)).toMatchObject({
      method: "POST",
      body: '{"event":"test"}',
      headers: { "webhook-id": "msg_1", "content-type": "application/json" },
    });
  });

  it("refuses private addresses unless the operator allows them, sending nothing", async () => {
    const strict = testNetwork({
      hosts: { "hooks.test": ["127.0.0.1"] },
      policy: createAddressPolicy({ allowPrivateTargets: false }),
    });
    const before = received.length;
    await expect(
      postThroughGuard({
        url: `http://hooks.test:${receiver.port}/`,
        headers: {},
        body: "{}",
        timeoutMs: 2000,
        network: strict,
      }),
    ).rejects.toThrow(/refused address.*loopback/);
    expect(received.length).toBe(before);
    expect(await urlRefusal("http://hooks.test/", strict)).toMatch(/loopback/);
    expect(await urlRefusal("http://hooks.test/", network)).toBeNull();
    expect(await urlRefusal("ftp://hooks.test/", network)).toBe(
      "The URL must start with https:// or http://.",
    );
    expect(await urlRefusal("http://user:pw@hooks.test/", network)).toMatch(/user name/);
  });

  it("gives up after its time limit and says so", async () => {
    const attempt = postThroughGuard({
      url: `http://127.0.0.1:${silent.port}/`,
      headers: {},
      body: "{}",
      timeoutMs: 300,
      network,
    });
    await expect(attempt).rejects.toBeInstanceOf(PostTimeoutError);
    await expect(attempt).rejects.toThrow("No answer within 0.3 seconds.");
  });

  it("explains a refused connection in a sentence", async () => {
    const port = await closedPort();
    await expect(
      postThroughGuard({
        url: `http://127.0.0.1:${port}/`,
        headers: {},
        body: "{}",
        timeoutMs: 2000,
        network,
      }),
    ).rejects.toThrow(`The connection to 127.0.0.1:${port} was refused`);
  });
});
