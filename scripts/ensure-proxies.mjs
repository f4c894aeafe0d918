// For the system tests only, as ensure-rpmbuild.mjs is: the reverse-proxy suite runs Debian's
// nginx and Caddy with the configurations in packaging/server. As root they are installed,
// announced; the suite then runs them in the foreground with its own configuration, never as the
// system's service.
import { spawnSync } from "node:child_process";

/** The proxies the suite runs, with the command that says whether one is there. */
export const PROXIES = [
  { name: "nginx", packageName: "nginx", service: "nginx.service", probe: ["nginx", ["-v"]] },
  { name: "Caddy", packageName: "caddy", service: "caddy.service", probe: ["caddy", ["version"]] },
];

/** The sentence that says how to get the proxies on Debian. */
export const PROXIES_MISSING =
  "The reverse-proxy tests run nginx and Caddy from Debian's packages: run `sudo apt-get install nginx caddy`.";

function found([command, args]) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return !result.error && result.status === 0;
}

/** The proxies of PROXIES that are not installed. */
export function missingProxies() {
  return PROXIES.filter((proxy) => !found(proxy.probe));
}

/**
 * Makes sure nginx and Caddy are there for the system tests; installs them when we are root.
 * False: at least one is not, and PROXIES_MISSING says what to do.
 */
export function ensureProxies() {
  const missing = missingProxies();
  if (!missing.length) return true;
  if (process.getuid?.() !== 0) return false;
  const packages = missing.map((proxy) => proxy.packageName);
  console.error(
    `Installing Debian's ${packages.join(" and ")} package${packages.length > 1 ? "s" : ""} for the system tests, which run the server behind them (apt-get)...`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...packages],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed. ${PROXIES_MISSING}`);
      return false;
    }
  }
  stopServices(missing);
  return missingProxies().length === 0;
}

/**
 * Debian's packages start their proxy as the machine's service on ports 80 and 443 where systemd
 * runs; the tests start their own, so the services just installed are stopped and disabled.
 */
function stopServices(installed) {
  const systemd = spawnSync("systemctl", ["is-system-running"], { encoding: "utf8" });
  if (systemd.error || !/^(running|degraded|starting)/.test(systemd.stdout ?? "")) return;
  for (const proxy of installed) {
    console.error(
      `Stopping and disabling the ${proxy.service} the package started; the tests run their own ${proxy.name}.`,
    );
    spawnSync("systemctl", ["disable", "--now", proxy.service], { stdio: "ignore" });
  }
}
