import { spawnSync } from "node:child_process";

/** Runs a packaging tool and returns its output; throws with that output when it fails. */
export function runTool(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.error || result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    const reason = result.error ? `: ${result.error.message}` : "";
    throw new Error(`${command} ${args.join(" ")} failed${reason}\n${output}`);
  }
  return result.stdout ?? "";
}
