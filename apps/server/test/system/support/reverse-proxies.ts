import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROXIES_MISSING } from "../../../../../scripts/ensure-proxies.mjs";
import { freeLoopbackPort } from "../../ports.ts";
import { ROOT, type RunningProcess, startProcess } from "./processes.ts";
import type { TestCertificate } from "./tls-client.ts";

/** A proxy started in the foreground with the committed configuration, on loopback ports. */
export interface RunningProxy {
  /** The https address clients use, by the certificate's name. */
  httpsUrl: string;
  httpsPort: number;
  httpPort: number;
  process: RunningProcess;
}

export interface ProxyPorts {
  httpPort: number;
  httpsPort: number;
  serverPort: number;
}

/** Two free loopback ports for a proxy, chosen before the server starts (its PUBLIC_URL). */
export async function proxyPorts(): Promise<Omit<ProxyPorts, "serverPort">> {
  return { httpPort: await freeLoopbackPort(), httpsPort: await freeLoopbackPort() };
}

export interface ProxyKind {
  name: string;
  /** Starts the proxy in `folder` on the given ports, in front of the server on `serverPort`. */
  start(folder: string, ports: ProxyPorts, certificate: TestCertificate): Promise<RunningProxy>;
  /** The warnings and errors in what the proxy printed, but those the test's own set-up causes. */
  warnings(output: string): string[];
}

/** The committed file with each `from` replaced; a `from` no longer in it fails the test. */
export function committedWith(file: string, replacements: [string, string][]): string {
  let text = readFileSync(join(ROOT, "packaging/server", file), "utf8");
  for (const [from, to] of replacements) {
    if (!text.includes(from)) {
      throw new Error(`packaging/server/${file} no longer holds "${from}"; update this test.`);
    }
    text = text.split(from).join(to);
  }
  return text;
}

function requireCommand(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: "ignore" });
  if (result.error || result.status !== 0)
    throw new Error(`${command} is missing. ${PROXIES_MISSING}`);
}

export const nginx: ProxyKind = {
  name: "nginx",
  warnings: (output) =>
    output.split("\n").filter((line) => /\[(warn|error|crit|alert|emerg)\]/.test(line)),
  async start(folder, { httpPort, httpsPort, serverPort }, certificate) {
    requireCommand("nginx", ["-v"]);
    const site = committedWith("nginx.conf", [
      ["listen [::]:80;", ""],
      ["listen [::]:443 ssl http2;", ""],
      ["listen 80;", `listen 127.0.0.1:${httpPort};`],
      ["listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`],
      ["server 127.0.0.1:3000;", `server 127.0.0.1:${serverPort};`],
      ["server_name status.example.com;", "server_name localhost;"],
      ["/etc/letsencrypt/live/status.example.com/fullchain.pem", certificate.certFile],
      ["/etc/letsencrypt/live/status.example.com/privkey.pem", certificate.keyFile],
    ]);
    writeFileSync(join(folder, "upwatch-site.conf"), site);
    for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      mkdirSync(join(folder, temp), { recursive: true });
    }
    // The main configuration a distribution's nginx.conf would be, kept inside the folder.
    const main = [
      "daemon off;",
      "worker_processes 1;",
      `pid ${join(folder, "nginx.pid")};`,
      "error_log stderr notice;",
      // As root the workers would be nobody, who cannot enter the test's private folder.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "events { worker_connections 256; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${join(folder, "body")};`,
      `  proxy_temp_path ${join(folder, "proxy")};`,
      `  fastcgi_temp_path ${join(folder, "fastcgi")};`,
      `  uwsgi_temp_path ${join(folder, "uwsgi")};`,
      `  scgi_temp_path ${join(folder, "scgi")};`,
      `  include ${join(folder, "upwatch-site.conf")};`,
      "}",
      "",
    ].join("\n");
    const config = join(folder, "nginx-main.conf");
    writeFileSync(config, main);
    const running = startProcess("nginx", "nginx", [
      "-p",
      `${folder}/`,
      "-c",
      config,
      "-e",
      "stderr",
    ]);
    return { httpsUrl: `https://localhost:${httpsPort}`, httpsPort, httpPort, process: running };
  },
};

/** What Caddy says about the test's own set-up: no admin endpoint, a certificate of its own. */
const CADDY_TEST_NOTICES = ["admin endpoint disabled", "stapling OCSP"];

export const caddy: ProxyKind = {
  name: "Caddy",
  warnings: (output) =>
    output
      .split("\n")
      .filter((line) => /"level":"(warn|error|fatal)"/.test(line))
      .filter((line) => !CADDY_TEST_NOTICES.some((notice) => line.includes(`"msg":"${notice}"`))),
  async start(folder, { httpPort, httpsPort, serverPort }, certificate) {
    requireCommand("caddy", ["version"]);
    // Global options for the test alone: loopback ports, no admin endpoint, no trust store.
    const globals = [
      "{",
      "\tadmin off",
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      "\tdefault_bind 127.0.0.1",
      "\tskip_install_trust",
      `\tstorage file_system ${join(folder, "caddy-data")}`,
      "}",
      "",
    ].join("\n");
    const site = committedWith("Caddyfile", [
      ["status.example.com {", `localhost {\n\ttls ${certificate.certFile} ${certificate.keyFile}`],
      ["reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${serverPort}`],
    ]);
    const config = join(folder, "Caddyfile");
    writeFileSync(config, `${globals}${site}`);
    const running = startProcess(
      "caddy",
      "caddy",
      ["run", "--config", config, "--adapter", "caddyfile"],
      {
        HOME: folder,
        XDG_DATA_HOME: join(folder, "xdg-data"),
        XDG_CONFIG_HOME: join(folder, "xdg-config"),
      },
    );
    return { httpsUrl: `https://localhost:${httpsPort}`, httpsPort, httpPort, process: running };
  },
};
