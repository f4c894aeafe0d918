import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { services as processServices } from "systeminformation";

export type ServiceState = "running" | "stopped" | "unknown";

interface Outcome {
  code: number | null;
  stdout: string;
}

/** Runs a service manager's command without a shell; the name is one argument, never parsed. */
function run(file: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 5000, windowsHide: true }, (error, stdout) => {
      const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
      resolve({ code, stdout: String(stdout) });
    });
  });
}

async function systemdState(name: string): Promise<ServiceState> {
  const { stdout } = await run("systemctl", ["is-active", "--", name]);
  const state = stdout.trim();
  if (state === "active" || state === "reloading" || state === "activating") return "running";
  if (state === "inactive" || state === "failed" || state === "deactivating") return "stopped";
  return "unknown";
}

async function windowsState(name: string): Promise<ServiceState> {
  const { stdout } = await run("sc", ["query", name]);
  if (/STATE\s*:\s*\d+\s+RUNNING/i.test(stdout)) return "running";
  if (/STATE\s*:\s*\d+\s+(STOPPED|STOP_PENDING|PAUSED)/i.test(stdout)) return "stopped";
  return "unknown";
}

async function launchdState(name: string): Promise<ServiceState> {
  const { code, stdout } = await run("launchctl", ["print", `system/${name}`]);
  if (code !== 0) return "unknown";
  return /^\s*state = running\s*$/m.test(stdout) ? "running" : "stopped";
}

/** Which service manager answers on this machine; `processes` when none does. */
export function serviceManager(
  platform: NodeJS.Platform = process.platform,
): "systemd" | "windows" | "launchd" | "processes" {
  if (platform === "win32") return "windows";
  if (platform === "darwin") return "launchd";
  if (platform === "linux" && existsSync("/run/systemd/system")) return "systemd";
  return "processes";
}

/** Without a service manager, a service runs when a process of that name does. */
async function processStates(names: string[]): Promise<Map<string, ServiceState>> {
  const found = await processServices(names.join(","));
  const states = new Map<string, ServiceState>();
  for (const each of found) states.set(each.name, each.running ? "running" : "stopped");
  return states;
}

/** The state of each listed service, in the order listed. */
export async function collectServices(
  names: string[],
  manager = serviceManager(),
): Promise<{ name: string; state: ServiceState }[]> {
  if (names.length === 0) return [];
  if (manager === "processes") {
    const states = await processStates(names);
    return names.map((name) => ({ name, state: states.get(name) ?? "unknown" }));
  }
  const read = { systemd: systemdState, windows: windowsState, launchd: launchdState }[manager];
  return Promise.all(names.map(async (name) => ({ name, state: await read(name) })));
}
