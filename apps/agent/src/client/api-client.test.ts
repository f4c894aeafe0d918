import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { createSelfSignedCertificate, createTestAuthority } from "@upwatch/checks/testing";
import { afterEach, describe, expect, it } from "vitest";
import { ApiClient } from "./api-client.ts";
import { NetworkProblem } from "./network-problem.ts";

const KEY = `uwa_${"t".repeat(40)}`;
const authority = createTestAuthority();
const trusted = authority.issue({ hosts: ["127.0.0.1"] });
const servers: Server[] = [];

async function httpsServer(
  certificate: { cert: string; key: string },
  maxVersion: "TLSv1.2" | "TLSv1.3",
): Promise<string> {
  const server = createServer(
    { ...certificate, maxVersion, minVersion: "TLSv1.2" },
    (request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          agent: { id: "agt_1", name: "web-1", os: "linux" },
          server_time: Date.now(),
          authorization: request.headers.authorization,
          userAgent: request.headers["user-agent"],
        }),
      );
    },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(apiUrl: string, ca: string | undefined = authority.cert): ApiClient {
  return new ApiClient({
    apiUrl,
    apiKey: KEY,
    timeoutSeconds: 5,
    userAgent: "upwatch-agent/2.1.0 (linux; x64)",
    ...(ca ? { ca } : {}),
  });
}

async function problemOf(promise: Promise<unknown>): Promise<NetworkProblem> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(NetworkProblem);
  return error as NetworkProblem;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("the agent's API client", () => {
  it("talks TLS 1.3 to a trusted server and sends its key and User-Agent", async () => {
    const api = client(await httpsServer(trusted, "TLSv1.3"));
    const answer = await api.identity();
    api.close();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      agent: { name: "web-1" },
      authorization: `Bearer ${KEY}`,
      userAgent: "upwatch-agent/2.1.0 (linux; x64)",
    });
  });

  it("refuses a server that offers only TLS 1.2, saying so in a sentence", async () => {
    const url = await httpsServer(trusted, "TLSv1.2");
    const problem = await problemOf(client(url).identity());
    expect(problem.kind).toBe("tls-version");
    expect(problem.message).toBe(
      `The server at ${url} offered TLS 1.2; the agent requires TLS 1.3, so enable TLS 1.3 on the server or the proxy in front of it.`,
    );
  });

  it("refuses a certificate it cannot verify", async () => {
    const url = await httpsServer(createSelfSignedCertificate({ hosts: ["127.0.0.1"] }), "TLSv1.3");
    const problem = await problemOf(client(url).identity());
    expect(problem.kind).toBe("certificate");
    expect(problem.message).toContain(`The certificate of the server at ${url} is self-signed`);
  });

  it("says when nothing listens at the address", async () => {
    const problem = await problemOf(client("http://127.0.0.1:9").identity());
    expect(problem.kind).toBe("refused");
    expect(problem.message).toContain("refused the connection");
  });

  it("says when a name does not resolve", async () => {
    const problem = await problemOf(client("https://nowhere.invalid").identity());
    expect(problem.kind).toBe("dns");
    expect(problem.message).toContain("nowhere.invalid: the name does not resolve (DNS)");
  });

  it("gives up on a server that does not answer within the timeout", async () => {
    const { createServer: createTcpServer } = await import("node:net");
    const silent = createTcpServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const api = new ApiClient({
      apiUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      timeoutSeconds: 1,
      userAgent: "upwatch-agent/2.1.0 (linux; x64)",
    });
    const problem = await problemOf(api.identity());
    silent.close();
    expect(problem.kind).toBe("timeout");
    expect(problem.message).toBe(
      `The server at http://127.0.0.1:${port} did not answer within 1 second (timeout).`,
    );
  });

  it("reads Retry-After as seconds or as a date, and null when the server sent none", async () => {
    const { createServer: createHttpServer } = await import("node:http");
    const headers: (string | undefined)[] = [
      "120",
      new Date(Date.now() + 90_000).toUTCString(),
      undefined,
    ];
    let next = 0;
    const limited = createHttpServer((_request, response) => {
      const retryAfter = headers[next++];
      response.writeHead(429, {
        "content-type": "application/json",
        ...(retryAfter ? { "retry-after": retryAfter } : {}),
      });
      response.end(JSON.stringify({ detail: "Too many requests." }));
    });
    await new Promise<void>((resolve) => limited.listen(0, "127.0.0.1", resolve));
    const api = new ApiClient({
      apiUrl: `http://127.0.0.1:${(limited.address() as AddressInfo).port}`,
      apiKey: KEY,
      timeoutSeconds: 5,
      userAgent: "upwatch-agent/2.1.0 (linux; x64)",
    });
    const answers = [await api.pollTasks(), await api.pollTasks(), await api.pollTasks()];
    api.close();
    limited.closeAllConnections();
    await new Promise((resolve) => limited.close(resolve));
    expect(answers.map((answer) => answer.status)).toEqual([429, 429, 429]);
    expect(answers[0]!.retryAfterSeconds).toBe(120);
    expect(answers[1]!.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(answers[1]!.retryAfterSeconds).toBeLessThanOrEqual(90);
    expect(answers[2]!.retryAfterSeconds).toBeNull();
    expect(answers[0]!.detail).toBe("Too many requests.");
  });
});
