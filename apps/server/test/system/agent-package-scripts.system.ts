import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./support/processes.ts";

/** The system commands the scripts call, each replaced by one that writes down how it was called. */
const TOOLS = [
  "adduser",
  "deluser",
  "delgroup",
  "useradd",
  "groupadd",
  "userdel",
  "groupdel",
  "chown",
  "chmod",
  "rmdir",
  "systemctl",
];

interface Machine {
  /** Users and groups that exist already, as `passwd:upwatch` and `group:upwatch`. */
  present?: string[];
  /** Whether systemd runs (`/run/systemd/system` exists). */
  systemd?: boolean;
  /** Whether Debian's adduser is there; without it useradd and groupadd are. */
  adduser?: boolean;
}

describe("the agent packages' install and removal scripts make the upwatch user, enable the service on first install without ever starting it, and stop it on removal", () => {
  let work: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "upwatch-agent-scripts-"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /**
   * Runs a script in a mount namespace of its own, where /etc holds only agent.yaml and /run
   * only what systemd's presence needs, with the system commands recorded; returns the calls.
   */
  function runScript(template: string, args: string[], machine: Machine = {}): string[] {
    const { present = [], systemd = true, adduser = true } = machine;
    const dir = mkdtempSync(join(work, "run-"));
    const bin = join(dir, "bin");
    const log = join(dir, "calls");
    mkdirSync(bin);
    for (const tool of TOOLS) {
      if (!adduser && ["adduser", "deluser", "delgroup"].includes(tool)) continue;
      const stub = join(bin, tool);
      writeFileSync(stub, `#!/bin/sh\necho "${tool} $*" >> "$STUB_LOG"\n`);
      chmodSync(stub, 0o755);
    }
    writeFileSync(
      join(bin, "getent"),
      '#!/bin/sh\ncase " $STUB_PRESENT " in *" $1:$2 "*) echo "$2:x:999:999::/nonexistent:/usr/sbin/nologin"; exit 0;; esac\nexit 2\n',
    );
    chmodSync(join(bin, "getent"), 0o755);
    const script = join(dir, "script.sh");
    writeFileSync(script, readFileSync(join(ROOT, "packaging/agent", template)));
    writeFileSync(log, "");
    const setup = [
      "set -e",
      "mount -t tmpfs tmpfs /etc",
      "mkdir /etc/upwatch",
      ": > /etc/upwatch/agent.yaml",
      "mount -t tmpfs tmpfs /run",
      systemd ? "mkdir -p /run/systemd/system" : ":",
      `exec /usr/bin/env -i PATH="${bin}" STUB_LOG="${log}" STUB_PRESENT="${present.join(" ")}" /bin/sh "${script}" "$@"`,
    ].join("\n");
    const result = spawnSync(
      "unshare",
      ["--mount", "--propagation", "private", "/bin/sh", "-c", setup, "script", ...args],
      { encoding: "utf8" },
    );
    expect(result.status, `${template} ${args.join(" ")}: ${result.stderr}`).toBe(0);
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  }

  const CONFIG = "/etc/upwatch/agent.yaml";
  const USER_EXISTS = ["passwd:upwatch", "group:upwatch"];

  it("the .deb's first install makes the upwatch user and group, lets them read agent.yaml, and enables the service without starting it", () => {
    expect(runScript("deb-postinst.sh", ["configure", ""])).toEqual([
      "adduser --system --group --no-create-home --home /nonexistent --quiet upwatch",
      `chown root:upwatch ${CONFIG}`,
      `chmod 640 ${CONFIG}`,
      "systemctl daemon-reload",
      "systemctl enable upwatch-agent.service",
    ]);
  });

  it("the .deb's install uses an upwatch group that exists already, and groupadd and useradd where adduser is missing", () => {
    expect(runScript("deb-postinst.sh", ["configure", ""], { present: ["group:upwatch"] })[0]).toBe(
      "adduser --system --ingroup upwatch --no-create-home --home /nonexistent --quiet upwatch",
    );
    expect(runScript("deb-postinst.sh", ["configure", ""], { adduser: false }).slice(0, 2)).toEqual(
      [
        "groupadd --system upwatch",
        "useradd --system --gid upwatch --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --comment Upwatch agent upwatch",
      ],
    );
  });

  it("the .deb's upgrade keeps the user and the admin's enable or disable, and restarts only an agent that was running", () => {
    expect(runScript("deb-postinst.sh", ["configure", "1.9.0"], { present: USER_EXISTS })).toEqual([
      `chown root:upwatch ${CONFIG}`,
      `chmod 640 ${CONFIG}`,
      "systemctl daemon-reload",
      "systemctl try-restart upwatch-agent.service",
    ]);
  });

  it("the .deb installed where systemd does not run (a container) touches no service", () => {
    expect(runScript("deb-postinst.sh", ["configure", ""], { systemd: false })).toEqual([
      "adduser --system --group --no-create-home --home /nonexistent --quiet upwatch",
      `chown root:upwatch ${CONFIG}`,
      `chmod 640 ${CONFIG}`,
    ]);
  });

  it("the .deb's removal stops and disables the service, an upgrade does not, and a purge removes the user and group", () => {
    expect(runScript("deb-prerm.sh", ["remove"])).toEqual([
      "systemctl stop upwatch-agent.service",
      "systemctl disable upwatch-agent.service",
    ]);
    expect(runScript("deb-prerm.sh", ["upgrade", "2.0.1"])).toEqual([]);
    expect(runScript("deb-postrm.sh", ["remove"], { present: USER_EXISTS })).toEqual([
      "systemctl daemon-reload",
    ]);
    expect(runScript("deb-postrm.sh", ["purge"], { present: USER_EXISTS })).toEqual([
      "systemctl daemon-reload",
      "deluser --system --quiet upwatch",
      "delgroup --system --quiet upwatch",
      "rmdir /etc/upwatch",
    ]);
  });

  it("the .rpm makes the user before its files land, enables the service on first install only, never starts it, and stops it on erase", () => {
    expect(runScript("rpm-pre.sh", ["1"])).toEqual([
      "groupadd --system upwatch",
      "useradd --system --gid upwatch --no-create-home --home-dir /nonexistent --shell /sbin/nologin --comment Upwatch agent upwatch",
    ]);
    expect(runScript("rpm-pre.sh", ["2"], { present: USER_EXISTS })).toEqual([]);
    expect(runScript("rpm-post.sh", ["1"])).toEqual([
      "systemctl daemon-reload",
      "systemctl enable upwatch-agent.service",
    ]);
    expect(runScript("rpm-post.sh", ["2"])).toEqual(["systemctl daemon-reload"]);
    expect(runScript("rpm-preun.sh", ["0"])).toEqual([
      "systemctl stop upwatch-agent.service",
      "systemctl disable upwatch-agent.service",
    ]);
    expect(runScript("rpm-preun.sh", ["1"])).toEqual([]);
    expect(runScript("rpm-postun.sh", ["1"])).toEqual([
      "systemctl daemon-reload",
      "systemctl try-restart upwatch-agent.service",
    ]);
    expect(runScript("rpm-postun.sh", ["0"])).toEqual(["systemctl daemon-reload"]);
  });
});
