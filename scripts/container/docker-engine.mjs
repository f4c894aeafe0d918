// A Docker engine for the container test: installs Debian's docker.io and debootstrap when they
// are missing and starts dockerd when none answers. Only root can do either.
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ContainerTestFailure, runCommand, succeeds } from "./commands.mjs";

const PACKAGES = [
  { command: "dockerd", args: ["--version"], pkg: "docker.io" },
  { command: "docker", args: ["--version"], pkg: "docker.io" },
  { command: "debootstrap", args: ["--version"], pkg: "debootstrap" },
];

/** Installs the Debian packages whose commands are missing, saying so first. */
export function ensurePackages(log) {
  const missing = [
    ...new Set(
      PACKAGES.filter(({ command, args }) => !succeeds(command, args)).map(({ pkg }) => pkg),
    ),
  ];
  if (missing.length === 0) return;
  log(`installing ${missing.join(" and ")} with apt-get (not on this machine yet)`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  runCommand("apt-get", ["update", "-qq"], { what: "apt-get update", env });
  runCommand("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
    what: `apt-get install ${missing.join(" ")}`,
    env,
  });
}

/** Whether a Docker engine answers the client. */
export function engineAnswers() {
  return succeeds("docker", ["info"]);
}

async function waitForEngine(child, seconds) {
  for (let waited = 0; waited < seconds * 4; waited += 1) {
    if (child.exitCode !== null) return false;
    if (engineAnswers()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function startDaemon(extraArgs, logFile) {
  // Lowest CPU and disk priority: the engine's builds run beside the test suite and give way
  // to it. No bridge network and no firewall rules: every container here uses the host's
  // network, so the engine adds no addresses or rules to the machine.
  const child = spawn(
    "nice",
    [
      "-n",
      "10",
      "ionice",
      "-c2",
      "-n7",
      "dockerd",
      "--bridge=none",
      "--iptables=false",
      "--ip6tables=false",
      "--ip-masq=false",
      ...extraArgs,
    ],
    { detached: true, stdio: ["ignore", openSync(logFile, "a"), openSync(logFile, "a")] },
  );
  child.unref();
  return child;
}

/** Starts dockerd when no engine answers, and waits for it; falls back to the vfs driver. */
export async function ensureEngine(log) {
  if (engineAnswers()) return { started: false };
  const logFile = join(tmpdir(), "upwatch-dockerd.log");
  log(`starting dockerd (its log: ${logFile})`);
  let child = startDaemon([], logFile);
  if (!(await waitForEngine(child, 60))) {
    if (child.exitCode === null) process.kill(child.pid, "SIGTERM");
    log("dockerd did not start with its default storage driver; trying vfs (slower, always works)");
    child = startDaemon(["--storage-driver=vfs"], logFile);
    if (!(await waitForEngine(child, 60))) {
      throw new ContainerTestFailure(
        `dockerd did not answer within a minute; see its log in ${logFile}.`,
      );
    }
  }
  return { started: true, pid: child.pid };
}

/** The engine's storage driver and version, for the report. */
export function engineDescription() {
  return runCommand("docker", ["info", "--format", "{{.ServerVersion}} ({{.Driver}} storage)"], {
    what: "docker info",
  });
}
