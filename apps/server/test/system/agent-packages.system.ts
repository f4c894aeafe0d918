import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./support/processes.ts";

const VERSION = "2.1.0";
const DEB = `upwatch-agent_${VERSION}_all.deb`;
const RPM = `upwatch-agent-${VERSION}-1.noarch.rpm`;
const TGZ = `upwatch-agent-${VERSION}.tgz`;
const PLACEHOLDER_KEY = "uwa_REPLACE_WITH_YOUR_KEY";
/** `--version` prints the version, alone or after the program's name. */
const PRINTED_VERSION = new RegExp(`^(upwatch-agent )?${VERSION.replaceAll(".", "\\.")}$`);

interface Ran {
  status: number | null;
  output: string;
}

function run(command: string, args: string[], options: { cwd?: string } = {}): Ran {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    encoding: "utf8",
    timeout: 240_000,
    env: { ...process.env, NO_COLOR: "1", npm_config_update_notifier: "false" },
  });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Runs a command that must succeed and returns what it printed. */
function must(command: string, args: string[], options: { cwd?: string } = {}): string {
  const ran = run(command, args, options);
  if (ran.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${ran.status}:\n${ran.output}`);
  }
  return ran.output;
}

describe("npm run package:agent builds a .deb, an .rpm and an npm package that hold the agent, its service and its configuration, and the packaged program runs", () => {
  let out: string;
  let work: string;
  let deb: string;
  let rpm: string;
  let tgz: string;
  let extracted: string;

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), "upwatch-agent-packages-"));
    work = mkdtempSync(join(tmpdir(), "upwatch-agent-packaged-"));
    const printed = must("npm", [
      "run",
      "--silent",
      "package:agent",
      "--",
      "--out",
      out,
      "--require-all",
    ]);
    [deb, rpm, tgz] = [DEB, RPM, TGZ].map((name) => join(out, name)) as [string, string, string];
    for (const name of [DEB, RPM, TGZ]) {
      expect(printed).toMatch(
        new RegExp(`${name.replaceAll(".", "\\.")}\\s+\\d+ bytes\\s+sha256 [0-9a-f]{64}`),
      );
    }
    extracted = join(work, "deb");
    must("dpkg-deb", ["-x", deb, extracted]);
  }, 300_000);
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it("makes a .deb for every architecture that depends on Node.js 20.19 and installs the program, launcher, unit and example configuration", () => {
    const info = must("dpkg-deb", ["-I", deb]);
    expect(info).toMatch(/^ Package: upwatch-agent$/m);
    expect(info).toMatch(new RegExp(`^ Version: ${VERSION}$`, "m"));
    expect(info).toMatch(/^ Architecture: all$/m);
    expect(info).toMatch(/^ Depends: .*nodejs \(>= 20\.19\)/m);
    const listing = must("dpkg-deb", ["-c", deb]);
    expect(listing).toMatch(
      /^-rw-r--r-- root\/root .* \.\/usr\/lib\/upwatch-agent\/upwatch-agent\.mjs$/m,
    );
    expect(listing).toMatch(/^-rwxr-xr-x root\/root .* \.\/usr\/bin\/upwatch-agent$/m);
    expect(listing).toMatch(
      /^-rw-r--r-- root\/root .* \.\/lib\/systemd\/system\/upwatch-agent\.service$/m,
    );
    expect(listing).toMatch(/^-rw-r----- root\/root .* \.\/etc\/upwatch\/agent\.yaml$/m);
    expect(listing).toMatch(/\.\/usr\/share\/doc\/upwatch-agent\/copyright$/m);
    expect(must("dpkg-deb", ["-f", deb, "Maintainer"]).trim()).not.toBe("");
    const launcher = readFileSync(join(extracted, "usr/bin/upwatch-agent"), "utf8");
    expect(launcher).toMatch(/^#!\/bin\/sh\n/);
    expect(launcher).toContain('exec node /usr/lib/upwatch-agent/upwatch-agent.mjs "$@"');
  });

  it("marks /etc/upwatch/agent.yaml as a conffile holding the placeholder key, and its scripts make the upwatch user and enable the service without starting it", () => {
    const control = join(work, "control");
    must("dpkg-deb", ["-e", deb, control]);
    expect(readFileSync(join(control, "conffiles"), "utf8")).toBe("/etc/upwatch/agent.yaml\n");
    expect(readFileSync(join(extracted, "etc/upwatch/agent.yaml"), "utf8")).toMatch(
      new RegExp(`^api_key: ${PLACEHOLDER_KEY}$`, "m"),
    );
    const postinst = readFileSync(join(control, "postinst"), "utf8");
    expect(postinst).toContain("adduser --system --group --no-create-home");
    expect(postinst).toContain("useradd --system");
    expect(postinst).toContain('chown root:upwatch "$CONFIG"');
    expect(postinst).toContain('chmod 640 "$CONFIG"');
    expect(postinst).toContain("systemctl daemon-reload");
    expect(postinst).toContain("systemctl enable upwatch-agent.service");
    expect(postinst).not.toMatch(/systemctl (--\S+ )*(start|restart|enable --now)\b/);
    const prerm = readFileSync(join(control, "prerm"), "utf8");
    expect(prerm).toContain("systemctl stop upwatch-agent.service");
    expect(prerm).toContain("systemctl disable upwatch-agent.service");
    const postrm = readFileSync(join(control, "postrm"), "utf8");
    expect(postrm).toMatch(/"\$1" = "purge"[\s\S]*deluser --system/);
    for (const script of [postinst, prerm, postrm]) must("sh", ["-n", "-c", script]);
    // What these scripts do is proven on the templates in agent-package-scripts.system.ts.
    for (const [shipped, name] of [
      [postinst, "deb-postinst.sh"],
      [prerm, "deb-prerm.sh"],
      [postrm, "deb-postrm.sh"],
    ] as const) {
      expect(shipped, name).toBe(readFileSync(join(ROOT, "packaging/agent", name), "utf8"));
    }
  });

  it("runs the service as upwatch, hardened, restarted on failure, and only once /etc/upwatch/agent.yaml exists", () => {
    const unit = readFileSync(join(extracted, "lib/systemd/system/upwatch-agent.service"), "utf8");
    for (const line of [
      "After=network-online.target",
      "Wants=network-online.target",
      "ConditionPathExists=/etc/upwatch/agent.yaml",
      "ExecStart=/usr/bin/upwatch-agent run --config /etc/upwatch/agent.yaml",
      "User=upwatch",
      "Group=upwatch",
      "Restart=on-failure",
      "RestartSec=10",
      "RestartPreventExitStatus=78",
      "NoNewPrivileges=true",
      "ProtectSystem=strict",
      "ProtectHome=read-only",
      "PrivateTmp=true",
      "ProtectKernelTunables=true",
      "ProtectControlGroups=true",
      "RestrictSUIDSGID=true",
      "LockPersonality=true",
      "ReadOnlyPaths=/",
      "WantedBy=multi-user.target",
    ]) {
      expect(unit.split("\n"), line).toContain(line);
    }
    expect(unit).toMatch(/^Description=\S/m);
    const security = must(
      "systemd-analyze",
      [
        "security",
        "--offline=yes",
        `--root=${extracted}`,
        "lib/systemd/system/upwatch-agent.service",
      ],
      { cwd: extracted },
    );
    expect(security).not.toMatch(/Unknown key|Failed to parse|Invalid/i);
    const exposure = Number(
      /Overall exposure level for upwatch-agent\.service: ([\d.]+)/.exec(security)?.[1],
    );
    expect(exposure, security).toBeLessThanOrEqual(4);
  });

  it("makes a noarch .rpm that requires nodejs >= 20.19, keeps agent.yaml as 0640 root:upwatch configuration, and whose scripts never start the service", () => {
    expect(must("rpm", ["-qp", "--queryformat", "%{NAME} %{VERSION} %{ARCH}", rpm])).toBe(
      `upwatch-agent ${VERSION} noarch`,
    );
    expect(must("rpm", ["-qp", "--requires", rpm]).split("\n")).toContain("nodejs >= 20.19");
    const files = must("rpm", ["-qlp", rpm]).trim().split("\n");
    expect(files).toEqual(
      expect.arrayContaining([
        "/usr/lib/upwatch-agent/upwatch-agent.mjs",
        "/usr/bin/upwatch-agent",
        "/usr/lib/systemd/system/upwatch-agent.service",
        "/etc/upwatch/agent.yaml",
      ]),
    );
    expect(must("rpm", ["-qp", "--configfiles", rpm]).trim()).toBe("/etc/upwatch/agent.yaml");
    expect(must("rpm", ["-qlvp", rpm])).toMatch(
      /^-rw-r----- +1 root +upwatch +\d+ .* \/etc\/upwatch\/agent\.yaml$/m,
    );
    const scripts = must("rpm", ["-qp", "--scripts", rpm]);
    expect(scripts).toMatch(/preinstall scriptlet[\s\S]*useradd --system/);
    expect(scripts).toMatch(
      /postinstall scriptlet[\s\S]*systemctl daemon-reload[\s\S]*systemctl enable upwatch-agent\.service/,
    );
    expect(scripts).toMatch(
      /preuninstall scriptlet[\s\S]*"\$1" -eq 0[\s\S]*systemctl stop upwatch-agent\.service[\s\S]*systemctl disable/,
    );
    expect(scripts).not.toMatch(/systemctl (--\S+ )*(start|restart|enable --now)\b/);
    for (const name of ["rpm-pre.sh", "rpm-post.sh", "rpm-preun.sh", "rpm-postun.sh"]) {
      const template = readFileSync(join(ROOT, "packaging/agent", name), "utf8").trim();
      expect(scripts, name).toContain(template);
    }
  });

  it("makes an npm package of the one bundled file with a command, Node.js >=20.19 and nothing to install or run at install time", () => {
    const entries = must("tar", ["-tzf", tgz]).trim().split("\n").sort();
    expect(entries).toEqual([
      "package/LICENSE",
      "package/README.md",
      "package/agent.yaml",
      "package/package.json",
      "package/upwatch-agent.mjs",
    ]);
    const manifest = JSON.parse(must("tar", ["-xzOf", tgz, "package/package.json"]));
    expect(manifest).toMatchObject({
      name: "upwatch-agent",
      version: VERSION,
      license: "Apache-2.0",
      bin: { "upwatch-agent": "upwatch-agent.mjs" },
      engines: { node: ">=20.19" },
    });
    expect(manifest.description).toMatch(/\S/);
    for (const absent of ["dependencies", "optionalDependencies", "peerDependencies", "scripts"]) {
      expect(manifest, absent).not.toHaveProperty(absent);
    }
    expect(must("tar", ["-xzOf", tgz, "package/README.md"])).toContain("upwatch-agent check");
  });

  it("the program from the .deb prints its version and refuses the example configuration while its key is the placeholder", () => {
    const program = join(extracted, "usr/lib/upwatch-agent/upwatch-agent.mjs");
    expect(must(process.execPath, [program, "--version"]).trim()).toMatch(PRINTED_VERSION);
    const check = run(process.execPath, [
      program,
      "check",
      "--config",
      join(extracted, "etc/upwatch/agent.yaml"),
    ]);
    expect(check.status, check.output).toBe(78);
    expect(check.output).toContain(`still the placeholder ${PLACEHOLDER_KEY}`);
  });

  it("the npm package installs offline with npm install -g and its command prints the version", () => {
    const prefix = join(work, "npm-global");
    must(
      "npm",
      ["install", "--global", "--prefix", prefix, "--offline", "--no-audit", "--no-fund", tgz],
      { cwd: work },
    );
    const command = join(prefix, "bin", "upwatch-agent");
    expect(must(command, ["--version"]).trim()).toMatch(PRINTED_VERSION);
  });
});
