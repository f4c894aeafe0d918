import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUpEverything, onCleanup } from "./support/cleanup.ts";
import { type RunningProcess, startProcess, tail } from "./support/processes.ts";
import {
  caddy,
  nginx,
  type ProxyKind,
  proxyPorts,
  type RunningProxy,
} from "./support/reverse-proxies.ts";
import {
  apiClient,
  createAccountWithKey,
  type ServerProcess,
  startServer,
} from "./support/server-process.ts";
import { makeCertificate, openStream, send, type TestCertificate } from "./support/tls-client.ts";
import { waitFor } from "./support/wait.ts";

const AGENT_ENTRY = "apps/agent/dist/upwatch-agent.mjs";
/** The client's own loopback address: not the proxy's (127.0.0.1), so the two can be told apart. */
const CLIENT_ADDRESS = "127.0.0.2";
/** An address a client writes into its own X-Forwarded-For, which must never be believed. */
const FORGED_ADDRESS = "203.0.113.77";

describe.each([nginx, caddy])(
  "the server behind $name with the committed configuration",
  (kind: ProxyKind) => {
    let folder: string;
    let forgetFolder = () => {};
    let certificate: TestCertificate;
    let server: ServerProcess;
    let proxy: RunningProxy;
    let agent: RunningProcess | undefined;
    const env: Record<string, string> = {
      DATABASE_URL: "",
      // Nothing is checked: the monitors here only carry live updates and large settings.
      RUN_CHECKS: "false",
      // Anyone may register, whatever this edition's default, so a client can sign in here.
      REGISTRATION: "open",
    };

    const fromClient = (path: string, options: Parameters<typeof send>[1] = {}) =>
      send(`${proxy.httpsUrl}${path}`, {
        ca: certificate.cert,
        localAddress: CLIENT_ADDRESS,
        ...options,
      });
    const printed = () =>
      `${kind.name} printed:\n${tail(proxy?.process.output() ?? "")}\nThe server printed:\n${tail(server?.output() ?? "")}`;

    beforeAll(async () => {
      const made = mkdtempSync(join(tmpdir(), `upwatch-${kind.name.toLowerCase()}-`));
      folder = made;
      forgetFolder = onCleanup(`the ${kind.name} test's folder`, () =>
        rmSync(made, { recursive: true, force: true }),
      );
      certificate = makeCertificate(folder);
      const ports = await proxyPorts();
      Object.assign(env, {
        DATA_DIR: join(folder, "data"),
        PUBLIC_URL: `https://localhost:${ports.httpsPort}`,
        TRUST_PROXY: "127.0.0.1",
      });
      server = await startServer(`the server behind ${kind.name}`, env);
      const serverPort = Number(new URL(server.url).port);
      proxy = await kind.start(folder, { ...ports, serverPort }, certificate);
      await waitFor(
        `${kind.name} to answer /healthz over https`,
        async () => ((await fromClient("/healthz")).status === 200 ? true : undefined),
        { timeoutMs: 30_000, everyMs: 250 },
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${printed()}`);
      });
    }, 120_000);

    afterAll(async () => {
      await agent?.stop("SIGTERM");
      await proxy?.process.stop("SIGTERM");
      await server?.stop("SIGTERM");
      forgetFolder();
      cleanUpEverything();
    });

    it("starts from the committed configuration without a warning", () => {
      expect(kind.warnings(proxy.process.output())).toEqual([]);
    });

    it("answers /healthz over https with the server's strict-transport header", async () => {
      const answer = await fromClient("/healthz");
      expect(answer.status).toBe(200);
      expect(answer.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    });

    it("sends a plain http request on to the same address over https", async () => {
      const answer = await send(`http://127.0.0.1:${proxy.httpPort}/healthz?from=http`, {
        headers: { host: "localhost" },
      });
      expect([301, 308]).toContain(answer.status);
      const location = new URL(String(answer.headers.location));
      expect(location.protocol).toBe("https:");
      expect(location.hostname).toBe("localhost");
      expect(`${location.pathname}${location.search}`).toBe("/healthz?from=http");
    });

    it("lets the server record the client's own address, not the proxy's nor a forged one", async () => {
      const registered = await fromClient("/api/v1/auth/register", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: proxy.httpsUrl,
          "x-forwarded-for": FORGED_ADDRESS,
        },
        body: JSON.stringify({
          email: `proxy-${kind.name.toLowerCase()}-${Date.now()}@example.com`,
          password: "a long enough password for the proxy test",
        }),
      });
      expect(registered.status, `${registered.body}\n${printed()}`).toBe(201);
      const cookie = String(registered.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "";
      expect(cookie).toContain("=");
      const sessions = await fromClient("/api/v1/auth/sessions", { headers: { cookie } });
      expect(sessions.status, sessions.body).toBe(200);
      const listed = JSON.parse(sessions.body) as {
        data: { ip_address: string; current: boolean }[];
      };
      expect(listed.data.find((session) => session.current)?.ip_address).toBe(CLIENT_ADDRESS);
    });

    it("passes a monitor's settings as large as the server takes on to the server, and refuses larger ones itself", async () => {
      const key = createAccountWithKey("business", env);
      const post = (bytes: number) =>
        fromClient("/api/v1/monitors", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            type: "http",
            name: "x".repeat(bytes),
            target: "https://status.example.com/",
          }),
        });
      // 3.5 MiB: the server reads it and refuses the name, in its own words.
      const large = await post(3.5 * 1024 * 1024);
      expect(large.status, large.body.slice(0, 300)).toBe(400);
      expect(String(large.headers["content-type"])).toContain("json");
      expect(large.body).toContain("name");
      // Over 4 MiB the proxy refuses: with a 413, or by cutting the upload off; Caddy reports a
      // body cut off after it began forwarding as a bad gateway (502), depending on timing.
      const before = await fromClient("/api/v1/monitors", {
        headers: { authorization: `Bearer ${key}` },
      });
      const tooLarge = await post(5 * 1024 * 1024).then(
        (answer) => answer.status,
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(["413", "502", "ECONNRESET", "EPIPE"]).toContain(String(tooLarge));
      const after = await fromClient("/api/v1/monitors", {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(after.body).toBe(before.body);
    });

    it("delivers a live update through the proxy as it happens, not when a buffer fills", async () => {
      const key = createAccountWithKey("business", env);
      const headers = { authorization: `Bearer ${key}` };
      const stream = await openStream(`${proxy.httpsUrl}/api/v1/events`, {
        ca: certificate.cert,
        headers,
      });
      try {
        expect(stream.status).toBe(200);
        expect(String(stream.headers["content-type"])).toContain("text/event-stream");
        await waitFor(
          "the stream's first line",
          () => (stream.text().includes("retry:") ? true : undefined),
          {
            timeoutMs: 10_000,
            everyMs: 50,
          },
        );
        const created = await fromClient("/api/v1/monitors", {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({
            type: "http",
            name: `Behind ${kind.name}`,
            target: "https://status.example.com/",
            interval_seconds: 600,
          }),
        });
        expect(created.status, created.body).toBe(201);
        const answeredAt = Date.now();
        const monitorId = (JSON.parse(created.body) as { id: string }).id;
        const arrived = await waitFor(
          "the monitor's live update",
          () => stream.chunks.find((chunk) => chunk.text.includes(monitorId)),
          { timeoutMs: 10_000, everyMs: 20 },
        );
        expect(arrived.at - answeredAt).toBeLessThan(1_000);
      } finally {
        stream.close();
      }
    });

    it("carries an agent's reports over https to the server", async () => {
      const api = apiClient(server.url, createAccountWithKey("enterprise", env));
      const created = await api<{ agent: { id: string }; key: string }>("/api/v1/agents", {
        method: "POST",
        body: { name: `behind-${kind.name.toLowerCase()}`, os: "linux" },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const configFile = join(folder, "agent.yaml");
      writeFileSync(
        configFile,
        [
          `api_url: "${proxy.httpsUrl}"`,
          `api_key: "${created.body.key}"`,
          "monitoring_interval: 10",
          "",
        ].join("\n"),
      );
      agent = startProcess(
        "the agent",
        process.execPath,
        [AGENT_ENTRY, "run", "--config", configFile],
        {
          NODE_EXTRA_CA_CERTS: certificate.certFile,
        },
      );
      const online = await waitFor(
        "the agent's first report",
        async () => {
          const { body } = await api<{ status: string; last_report_at: string | null }>(
            `/api/v1/agents/${created.body.agent.id}`,
          );
          return body.status === "online" ? body : undefined;
        },
        { timeoutMs: 45_000, everyMs: 500 },
      ).catch((error: unknown) => {
        throw new Error(
          `${String(error)}\nThe agent printed:\n${tail(agent?.output() ?? "")}\n${printed()}`,
        );
      });
      expect(online.status).toBe("online");
    });
  },
);
