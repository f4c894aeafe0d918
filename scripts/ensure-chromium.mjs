import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Makes sure Debian's Chromium is there for the browser tests; installs it when we are root. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\nor point CHROMIUM_PATH at a Chromium binary.`,
    );
    return false;
  }
  console.log("Installing Debian's Chromium for the browser tests (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) {
      console.error(
        `apt-get ${args.join(" ")} failed; install Chromium by hand and run the tests again.`,
      );
      return false;
    }
  }
  return existsSync(CHROMIUM);
}
