// For the packaging tests: a machine whose PATH lacks chosen tools and whose package managers
// (apt-get, apt, dnf) only record that they were called, and an agent bundle that answers
// `--version` without being built, so the tests exercise the choices alone.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const AGENT_VERSION = "2.1.0";

const PACKAGE_MANAGERS = ["apt-get", "apt", "dnf", "yum"];

export interface PackagingMachine {
  /** A folder of its own for the packages. */
  out: string;
  /** The agent bundle to package. */
  bundle: string;
  /** PATH for commands run on this machine. */
  path: string;
  /** The package manager calls made so far, one line each. */
  packageManagerCalls(): string[];
  /** Runs a command with this machine's PATH. */
  run(command: string, args: string[]): { status: number | null; stdout: string; stderr: string };
  remove(): void;
}

function script(path: string, text: string) {
  writeFileSync(path, `#!/bin/sh\n${text}\n`);
  chmodSync(path, 0o755);
}

/**
 * A machine whose PATH holds every command of this one except `without`, plus a fake `rpmbuild`
 * (writing an empty .rpm where it is asked to) when `fakeRpmbuild` is set.
 */
export function packagingMachine(
  options: { without?: string[]; fakeRpmbuild?: boolean } = {},
): PackagingMachine {
  const home = mkdtempSync(join(tmpdir(), "upwatch-packaging-"));
  const bin = join(home, "bin");
  const out = join(home, "out");
  const calls = join(home, "package-manager-calls");
  mkdirSync(bin);
  mkdirSync(out);
  const hidden = new Set([...(options.without ?? []), ...PACKAGE_MANAGERS]);
  for (const manager of PACKAGE_MANAGERS) script(join(bin, manager), `echo "$0 $*" >> ${calls}`);
  if (options.fakeRpmbuild) {
    hidden.add("rpmbuild");
    script(
      join(bin, "rpmbuild"),
      [
        `dir=$(printf '%s\n' "$@" | sed -n 's/^_rpmdir //p')`,
        `: > "$dir/upwatch-agent-${AGENT_VERSION}-1.noarch.rpm"`,
      ].join("\n"),
    );
  }
  // Every other command stays reachable through links in one folder, so PATH names no folder
  // that still holds a hidden tool.
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir || !existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (hidden.has(name) || existsSync(join(bin, name))) continue;
      symlinkSync(join(dir, name), join(bin, name));
    }
  }
  const bundle = join(home, "upwatch-agent.mjs");
  writeFileSync(
    bundle,
    `if (process.argv[2] === "--version") console.log("upwatch-agent ${AGENT_VERSION}");\n`,
  );
  const path = bin;
  return {
    out,
    bundle,
    path,
    packageManagerCalls: () =>
      existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : [],
    run(command, args) {
      const result = spawnSync(command, args, {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, PATH: path, npm_config_update_notifier: "false" },
      });
      if (result.error) throw result.error;
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** Fails loudly, with how to install it, when a tool the packaging tests build with is missing. */
export function requireTool(command: string, install: string) {
  const found = spawnSync(command, ["--version"], { stdio: "ignore" });
  if (found.error || found.status !== 0) {
    throw new Error(
      `These tests build a real package with ${command}; install it with ${install}.`,
    );
  }
}
