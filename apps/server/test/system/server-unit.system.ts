import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../ports.ts";
import { TEST_SECRETS_KEY } from "../secrets.ts";
import { ROOT, startProcess, tail } from "./support/processes.ts";
import { waitFor } from "./support/wait.ts";

const UNIT = readFileSync(join(ROOT, "packaging/server/upwatch.service"), "utf8");
const lines = UNIT.split("\n");

/** The values of a setting of the unit, in order. */
const settings = (name: string) =>
  lines.filter((line) => line.startsWith(`${name}=`)).map((line) => line.slice(name.length + 1));

function run(command: string, args: string[], cwd?: string) {
  const result = spawnSync(command, args, { encoding: "utf8", cwd });
  if (result.error) {
    throw new Error(
      `${command} is missing: apt-get install -y ${command === "setpriv" ? "util-linux" : "systemd"}`,
    );
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** setpriv's arguments for a process as systemd starts the unit's: nobody, no new privileges, its capabilities. */
function asTheUnitStartsIt(): string[] {
  const capabilities = (setting: string) =>
    settings(setting)
      .join(" ")
      .split(/\s+/)
      .filter(Boolean)
      .map((name) => `,+${name.replace(/^CAP_/, "").toLowerCase()}`)
      .join("");
  const ambient = capabilities("AmbientCapabilities");
  return [
    "--reuid=65534",
    "--regid=65534",
    "--clear-groups",
    ...(settings("NoNewPrivileges")[0] === "true" ? ["--no-new-privs"] : []),
    `--inh-caps=-all${ambient}`,
    `--ambient-caps=-all${ambient}`,
    `--bounding-set=-all${capabilities("CapabilityBoundingSet")}`,
  ];
}

function requirePing(): void {
  const ping = spawnSync("ping", ["-V"], { stdio: "ignore" });
  if (ping.error || ping.status !== 0) {
    throw new Error("The ping program is missing: apt-get install -y iputils-ping");
  }
}

describe("the server's systemd unit", () => {
  const folder = mkdtempSync(join(tmpdir(), "upwatch-server-unit-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("passes systemd's own verification without a warning", () => {
    // Verification wants ExecStart's program; a machine whose Node.js is elsewhere names its own.
    const unit = existsSync("/usr/bin/node")
      ? UNIT
      : UNIT.replace("/usr/bin/node", process.execPath);
    writeFileSync(join(folder, "upwatch.service"), unit);
    const verified = run("systemd-analyze", ["verify", "--man=no", "upwatch.service"], folder);
    expect(verified.output.trim()).toBe("");
    expect(verified.status).toBe(0);
  });

  it("runs as its own user with its data in /var/lib/upwatch, restarted on failure and stopped within the server's 10 s shutdown", () => {
    for (const line of [
      "User=upwatch",
      "Group=upwatch",
      "EnvironmentFile=/opt/upwatch/upwatch.env",
      "Environment=DATA_DIR=/var/lib/upwatch",
      "StateDirectory=upwatch",
      "Restart=on-failure",
      "NoNewPrivileges=true",
      "ProtectSystem=strict",
      "ProtectHome=true",
      "PrivateTmp=true",
      "WantedBy=multi-user.target",
    ]) {
      expect(lines, line).toContain(line);
    }
    const stopSeconds = Number(settings("TimeoutStopSec")[0]);
    expect(stopSeconds).toBeGreaterThan(10);
    expect(stopSeconds).toBeLessThanOrEqual(30);
    // Everything else on the file system is read-only (ProtectSystem=strict).
    expect(settings("ReadWritePaths")).toEqual([]);
  });

  it("is hardened to a low exposure in systemd's own assessment", () => {
    const security = run("systemd-analyze", [
      "security",
      "--offline=yes",
      join(ROOT, "packaging/server/upwatch.service"),
    ]);
    expect(security.output).not.toMatch(/Unknown key|Failed to parse|Invalid/i);
    const exposure = Number(
      /Overall exposure level for upwatch\.service: ([\d.]+)/.exec(security.output)?.[1],
    );
    expect(exposure, security.output).toBeLessThanOrEqual(3);
  });

  it("lets ping reach an address under the unit's capabilities and no-new-privileges", () => {
    requirePing();
    expect(settings("NoNewPrivileges")).toEqual(["true"]);
    const result = run("setpriv", [
      ...asTheUnitStartsIt(),
      "ping",
      "-n",
      "-c",
      "1",
      "-W",
      "2",
      "-4",
      "127.0.0.1",
    ]);
    expect(result.output).toMatch(/time[=<][\d.]+ ?ms/);
    expect(result.status).toBe(0);
  });

  it("runs the server as an unprivileged user under the unit's limits, and its ping check finds 127.0.0.1 up", async () => {
    requirePing();
    // The data folder is the user's own, as StateDirectory makes it.
    const dataDir = join(folder, "state");
    mkdirSync(dataDir);
    chownSync(dataDir, 65534, 65534);
    chmodSync(folder, 0o755);
    const port = await freeLoopbackPort();
    const server = startProcess(
      "the server as the unit starts it",
      "setpriv",
      [...asTheUnitStartsIt(), process.execPath, "apps/server/dist/main.js"],
      {
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SECRETS_KEY: TEST_SECRETS_KEY,
        ALLOW_PRIVATE_TARGETS: "true",
        REGISTRATION: "open",
        LOG_LEVEL: "warn",
      },
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        "the server to answer /healthz",
        async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined),
        { timeoutMs: 60_000, everyMs: 250 },
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${tail(server.output())}`);
      });
      const registered = await fetch(`${base}/api/v1/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `unit-${Date.now()}@example.com`,
          password: "a long enough password for the unit test",
        }),
      });
      const session = (await registered.json()) as { csrf_token: string };
      expect(registered.status, JSON.stringify(session)).toBe(201);
      const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const signedIn = { cookie, "x-csrf-token": session.csrf_token };
      const json = { ...signedIn, "content-type": "application/json" };
      const created = await fetch(`${base}/api/v1/monitors`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ type: "ping", name: "Loopback", target: "127.0.0.1" }),
      });
      const monitor = (await created.json()) as { id: string };
      expect(created.status, JSON.stringify(monitor)).toBe(201);
      // A new monitor is checked at once.
      const result = await waitFor(
        "the monitor's first check",
        async () => {
          const answer = await fetch(`${base}/api/v1/monitors/${monitor.id}/checks?limit=1`, {
            headers: signedIn,
          });
          const page = (await answer.json()) as {
            data?: { status: string; error: string | null }[];
          };
          return page.data?.[0];
        },
        { timeoutMs: 30_000, everyMs: 250 },
      );
      expect(result, tail(server.output())).toMatchObject({ status: "up", error: null });
    } finally {
      await server.stop("SIGTERM");
    }
  });
});
