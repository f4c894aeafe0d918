import { spawnSync } from "node:child_process";

/** Makes sure the system `ping` (iputils) is there for ping checks; installs it when we are root. */
export function ensurePing() {
  if (spawnSync("ping", ["-V"], { stdio: "ignore" }).status === 0) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      "The ping checks and their tests need the ping program. Install it with:\n  sudo apt-get update && sudo apt-get install -y iputils-ping",
    );
    return false;
  }
  console.log("Installing iputils-ping for the ping checks (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "iputils-ping"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install iputils-ping by hand.`);
      return false;
    }
  }
  return spawnSync("ping", ["-V"], { stdio: "ignore" }).status === 0;
}
