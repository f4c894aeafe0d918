import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./support/processes.ts";

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

  it("lets ping checks reach an address under the unit's capabilities and no-new-privileges", () => {
    const ping = spawnSync("ping", ["-V"], { stdio: "ignore" });
    if (ping.error || ping.status !== 0) {
      throw new Error("The ping program is missing: apt-get install -y iputils-ping");
    }
    const capabilities = (setting: string) =>
      settings(setting)
        .join(" ")
        .split(/\s+/)
        .filter(Boolean)
        .map((name) => `+${name.replace(/^CAP_/, "").toLowerCase()}`);
    const ambient = capabilities("AmbientCapabilities");
    const bounding = capabilities("CapabilityBoundingSet");
    expect(settings("NoNewPrivileges")).toEqual(["true"]);
    // As a user without privileges of its own (nobody), as systemd starts the service.
    const result = run("setpriv", [
      "--reuid=65534",
      "--regid=65534",
      "--clear-groups",
      "--no-new-privs",
      `--inh-caps=-all${ambient.map((name) => `,${name}`).join("")}`,
      `--ambient-caps=-all${ambient.map((name) => `,${name}`).join("")}`,
      `--bounding-set=-all${bounding.map((name) => `,${name}`).join("")}`,
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
});
