import type { CheckSpecOf } from "@upwatch/core";
import { httpOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "../network/address-policy.ts";
import { runCheck } from "../registry.ts";
import { closedPort, type LoopbackServer, startHttpServer, testNetwork } from "../testing/index.ts";

const network = testNetwork({ hosts: { "monitor.test": ["127.0.0.1"] } });

function spec(
  target: string,
  options: Record<string, unknown> = {},
  timeoutMs = 5000,
): CheckSpecOf<"http"> {
  return { type: "http", target, timeoutMs, options: httpOptionsSchema.parse(options) };
}

describe("the HTTP runner", () => {
  let server: LoopbackServer;
  let base: string;
  const seen: Array<{ method?: string; headers: Record<string, unknown>; body: string }> = [];

  beforeAll(async () => {
    server = await startHttpServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        seen.push({ method: request.method, headers: request.headers, body });
        const url = request.url ?? "/";
        if (url === "/ok") return response.end("all good");
        if (url === "/broken") return response.writeHead(503).end("down");
        if (url === "/created") return response.writeHead(201).end();
        if (url === "/gone") return response.writeHead(410).end();
        if (url === "/permanent") return response.writeHead(308, { location: "/ok" }).end();
        if (url === "/moved") return response.writeHead(302, { location: "/ok" }).end();
        if (url === "/loop") return response.writeHead(302, { location: "/loop" }).end();
        if (url === "/slow") return void setTimeout(() => response.end("late"), 300);
        if (url === "/hang") return;
        response.writeHead(404).end();
      });
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it("is up when the server answers 200, with connect and first-byte timings", async () => {
    const outcome = await runCheck(spec(`${base}/ok`), { network });
    expect(outcome).toMatchObject({ status: "up", statusCode: 200, error: null });
    expect(outcome.timings.connectMs).toBeGreaterThanOrEqual(0);
    expect(outcome.timings.firstByteMs).toBeGreaterThanOrEqual(0);
    expect(outcome.timings.dnsMs).toBeNull();
    expect(outcome.timings.tlsMs).toBeNull();
  });

  it("looks the host name up and reports the DNS phase", async () => {
    const outcome = await runCheck(spec(`http://monitor.test:${server.port}/ok`), { network });
    expect(outcome.status).toBe("up");
    expect(outcome.timings.dnsMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)?.headers.host).toBe(`monitor.test:${server.port}`);
  });

  it("checks an IPv6 target and refuses ::1 under the default policy", async () => {
    const v6 = await startHttpServer((_request, response) => response.end("v6"), "::1");
    const target = `http://[::1]:${v6.port}/`;
    expect((await runCheck(spec(target), { network })).status).toBe("up");
    const guarded = { ...network, policy: createAddressPolicy({ allowPrivateTargets: false }) };
    const refused = await runCheck(spec(target), { network: guarded });
    expect(refused.error).toMatch(/^Refused to connect to ::1: it is a loopback address/);
    await v6.close();
  });

  it("is down with the status in words when the server answers 503", async () => {
    const outcome = await runCheck(spec(`${base}/broken`), { network });
    expect(outcome).toMatchObject({ status: "down", statusCode: 503 });
    expect(outcome.error).toBe(
      "Expected a 2xx status but the server answered 503 Service Unavailable.",
    );
  });

  it("accepts only the expected status codes when they are given", async () => {
    const created = await runCheck(spec(`${base}/created`, { expected_status_codes: [201] }), {
      network,
    });
    expect(created.status).toBe("up");
    const ok = await runCheck(spec(`${base}/ok`, { expected_status_codes: [201, 204] }), {
      network,
    });
    expect(ok.status).toBe("down");
    expect(ok.error).toBe("Expected 201, 204 but the server answered 200 OK.");
  });

  it("sends the method, body, custom headers and basic authentication", async () => {
    const options = {
      method: "POST",
      body: '{"ping":true}',
      headers: { "content-type": "application/json", "x-check": "upwatch" },
      auth: { type: "basic", username: "ops", password: "s3cret" },
    };
    await runCheck(spec(`${base}/ok`, options), { network });
    const last = seen.at(-1)!;
    expect(last.method).toBe("POST");
    expect(last.body).toBe('{"ping":true}');
    expect(last.headers["x-check"]).toBe("upwatch");
    expect(last.headers.authorization).toBe(
      `Basic ${Buffer.from("ops:s3cret").toString("base64")}`,
    );
  });

  it("sends a bearer token", async () => {
    await runCheck(spec(`${base}/ok`, { auth: { type: "bearer", token: "tok_123" } }), { network });
    expect(seen.at(-1)?.headers.authorization).toBe("Bearer tok_123");
  });

  it("follows redirects by default and reports the final answer", async () => {
    const outcome = await runCheck(spec(`${base}/moved`), { network });
    expect(outcome).toMatchObject({ status: "up", statusCode: 200 });
  });

  it("judges the redirect itself when told not to follow, which is down unless expected", async () => {
    const outcome = await runCheck(spec(`${base}/moved`, { follow_redirects: false }), { network });
    expect(outcome).toMatchObject({ status: "down", statusCode: 302 });
    expect(outcome.error).toBe("Expected a 2xx status but the server answered 302 Found.");
    const expected = await runCheck(
      spec(`${base}/moved`, { follow_redirects: false, expected_status_codes: ["301-308"] }),
      { network },
    );
    expect(expected).toMatchObject({ status: "up", statusCode: 302 });
  });

  it("accepts codes and ranges together, and names both when the answer is outside them", async () => {
    const expected = [200, "301-308", 404];
    const options = { follow_redirects: false, expected_status_codes: expected };
    for (const path of ["/ok", "/moved", "/permanent", "/missing"]) {
      expect((await runCheck(spec(`${base}${path}`, options), { network })).status).toBe("up");
    }
    const gone = await runCheck(spec(`${base}/gone`, options), { network });
    expect(gone).toMatchObject({ status: "down", statusCode: 410 });
    expect(gone.error).toBe("Expected 200, 301-308, 404 but the server answered 410 Gone.");
    const broken = await runCheck(spec(`${base}/broken`, { expected_status_codes: ["200-299"] }), {
      network,
    });
    expect(broken.error).toBe("Expected 200-299 but the server answered 503 Service Unavailable.");
  });

  it("gives up on a redirect loop with a clear error", async () => {
    const outcome = await runCheck(spec(`${base}/loop`), { network });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/More than 10 redirects/);
  });

  it("waits for a slow server within the timeout", async () => {
    const outcome = await runCheck(spec(`${base}/slow`), { network });
    expect(outcome.status).toBe("up");
    expect(outcome.responseTimeMs).toBeGreaterThanOrEqual(250);
  });

  it("is down after the timeout when the server never answers", async () => {
    const started = Date.now();
    const outcome = await runCheck(spec(`${base}/hang`, {}, 1000), { network });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe("No complete answer within 1 second (the monitor's timeout).");
  });

  it("is down when nothing listens on the port", async () => {
    const port = await closedPort();
    const outcome = await runCheck(spec(`http://127.0.0.1:${port}/`), { network });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      `The connection to 127.0.0.1:${port} was refused (nothing is listening there).`,
    );
  });

  it("is down when the host name does not exist", async () => {
    const outcome = await runCheck(spec("http://nowhere.test/"), { network });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/does not exist/);
  });

  it("refuses loopback targets under the default policy, without connecting", async () => {
    const before = seen.length;
    const guarded = { ...network, policy: createAddressPolicy({ allowPrivateTargets: false }) };
    const outcome = await runCheck(spec(`${base}/ok`), { network: guarded });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(
      /^Refused to connect to 127\.0\.0\.1: it is a loopback address\./,
    );
    expect(seen.length).toBe(before);
  });

  it("refuses loopback written as an IPv4-mapped or IPv4-compatible IPv6 literal", async () => {
    const mapped = `http://[::ffff:7f00:1]:${server.port}/ok`;
    expect((await runCheck(spec(mapped), { network })).status).toBe("up");
    const before = seen.length;
    const guarded = { ...network, policy: createAddressPolicy({ allowPrivateTargets: false }) };
    for (const literal of ["::ffff:7f00:1", "::127.0.0.1", "::ffff:0:127.0.0.1"]) {
      const outcome = await runCheck(spec(`http://[${literal}]:${server.port}/ok`), {
        network: guarded,
      });
      expect(outcome.status).toBe("down");
      expect(outcome.error).toMatch(/: it embeds 127\.0\.0\.1, a loopback address\./);
    }
    expect(seen.length).toBe(before);
  });

  it("refuses a host name that resolves to a private address (DNS rebinding)", async () => {
    const guarded = testNetwork({
      hosts: { "rebind.test": ["10.0.0.7"] },
      policy: createAddressPolicy({ allowPrivateTargets: false }),
    });
    const outcome = await runCheck(spec("http://rebind.test/"), { network: guarded });
    expect(outcome.error).toMatch(
      /rebind\.test resolves to a refused address\. Refused to connect to 10\.0\.0\.7/,
    );
  });
});
