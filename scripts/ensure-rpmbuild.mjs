import { spawnSync } from "node:child_process";

/** The sentence that says how to get rpmbuild on Debian. */
export const RPMBUILD_MISSING =
  "Building the agent's .rpm needs rpmbuild, from Debian's rpm package: run `sudo apt-get install rpm`.";

function found(command) {
  const result = spawnSync(command, ["--version"], { stdio: "ignore" });
  return !result.error && result.status === 0;
}

/**
 * Makes sure rpmbuild (Debian's `rpm` package) is there; installs it when we are root. False:
 * it is not, and RPMBUILD_MISSING says what to do.
 */
export function ensureRpmbuild() {
  if (found("rpmbuild")) return true;
  if (process.getuid?.() !== 0) return false;
  console.error("Installing Debian's rpm package for rpmbuild (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "rpm"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed. ${RPMBUILD_MISSING}`);
      return false;
    }
  }
  return found("rpmbuild");
}
