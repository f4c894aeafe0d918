// For the system tests only, as ensure-chromium.mjs is for the browser tests: they install
// rpmbuild, announced, when run as root. Packaging itself (`npm run package:agent`, `npm start`)
// never installs anything; it skips the .rpm and says how to get rpmbuild.
import { spawnSync } from "node:child_process";

/** The sentence that says how to get rpmbuild on Debian. */
export const RPMBUILD_MISSING =
  "Building the agent's .rpm needs rpmbuild, from Debian's rpm package: run `sudo apt-get install rpm`.";

function found(command) {
  const result = spawnSync(command, ["--version"], { stdio: "ignore" });
  return !result.error && result.status === 0;
}

/**
 * Makes sure rpmbuild (Debian's `rpm` package) is there for the system tests; installs it when
 * we are root. False: it is not, and RPMBUILD_MISSING says what to do.
 */
export function ensureRpmbuild() {
  if (found("rpmbuild")) return true;
  if (process.getuid?.() !== 0) return false;
  console.error(
    "Installing Debian's rpm package for the system tests, which build the agent's .rpm (apt-get)...",
  );
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
