import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";

/** Sends raw bytes to the server and reads the whole answer: status, content type and body. */
function sendRaw(port: number, request: string) {
  return new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      resolve({
        status: Number(head.split(" ")[1]),
        contentType: /content-type: ([^\r]*)/i.exec(head)?.[1] ?? "",
        body,
      });
    });
    socket.write(request);
  });
}

describeEachDatabase("answers for requests the framework refuses", (db) => {
  let app: FastifyInstance;
  let port: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp(db());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
    ({ headers } = await createTestAccount(db(), "hobby"));
  });
  afterAll(() => app.close());

  it("answers a URL with a broken percent-encoding with 400 and a sentence", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/monitors/%zz", headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: "The request's address is not valid: a percent sign must start a valid UTF-8 escape.",
    });
  });

  it("answers a query with a percent escape that is not UTF-8 with 400 and a sentence", async () => {
    for (const query of ["monitor_id=a%ED%A0%80b", "monitor_id=%zz"]) {
      const response = await app.inject({ method: "GET", url: `/api/v1/alerts?${query}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail:
          "The request's address is not valid: a percent sign must start a valid UTF-8 escape.",
      });
    }
  });

  it("answers an id longer than any id with 414 and a sentence", async () => {
    const response = await app.inject({
      method: "GET",
      url: `/api/v1/monitors/${"m".repeat(200)}`,
      headers,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: "A part of the request's address is too long." });
  });

  it("answers headers too large with 431 and a JSON sentence", async () => {
    const answer = await sendRaw(
      port,
      `GET /api/v1/monitors HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ detail: "The request's headers are too large." });
  });

  it("answers a request that is not HTTP with 400 and a JSON sentence", async () => {
    const answer = await sendRaw(port, "HELLO THERE\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      detail: "The request could not be read: it is not valid HTTP.",
    });
  });

  it("answers a body in an unsupported media type with 415 and a sentence", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: { ...headers, "content-type": "application/xml" },
      payload: "<monitor/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      detail: "Send the request body as JSON (Content-Type: application/json).",
    });
  });

  it("answers a body over the limit with 413 and a sentence", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/channels",
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(70_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: "The request body is too large." });
  });

  it("takes a monitor body of a few hundred KiB, for multi-step checks, and refuses one over 4 MiB", async () => {
    const call = (name: string) =>
      app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({ name }),
      });
    expect((await call("x".repeat(300_000))).statusCode).toBe(400);
    const tooLarge = await call("x".repeat(4_300_000));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: "The request body is too large." });
  });

  it("answers a body that is not valid JSON with 400 and a sentence", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: { ...headers, "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "The request body is not valid JSON." });
  });

  it("answers a method no route takes with 404 and a sentence", async () => {
    const response = await app.inject({ method: "PUT", url: "/api/v1/monitors", headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "There is nothing at PUT /api/v1/monitors." });
  });
});

describeEachDatabase("answers while the server shuts down", (db) => {
  it("answers a request that arrives during shutdown with 503 and a JSON sentence", async () => {
    const app = await buildTestApp(db());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const socket = connect(typeof address === "object" && address ? address.port : 0, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk) => {
      answer += chunk;
    });
    // Half a request keeps the connection busy, so closing waits for it instead of reaping it.
    await new Promise<void>((resolve) =>
      socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n", () => resolve()),
    );
    const closed = app.close();
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));

    socket.write("\r\n");
    await new Promise((resolve) => socket.on("close", resolve));
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(JSON.parse(answer.split("\r\n\r\n")[1] ?? "")).toEqual({
      detail: "Upwatch is restarting. Please try again in a moment.",
    });
  });
});
