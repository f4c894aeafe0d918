import type { NetworkNamespace } from "./namespaces.ts";
import { type RunningProcess, startProcess } from "./processes.ts";
import { runAdmin } from "./server-process.ts";

/** Issues a runner token for `region` with the admin command and answers it. */
export function issueRunnerToken(
  name: string,
  region: string,
  adminEnv: Record<string, string>,
): string {
  const printed = runAdmin(["runner", "add", "--name", name, "--region", region], adminEnv);
  const token = /\bupr_run_[a-z2-7]{16}_[A-Za-z0-9_-]{43}\b/.exec(printed)?.[0];
  if (!token) throw new Error(`The admin command printed no runner token:\n${printed}`);
  return token;
}

/**
 * Starts the built runner for `region` inside the namespace, so it reaches the broker over the
 * namespace's veth link and checks targets on the namespace's own loopback.
 */
export function startRunner(
  namespace: NetworkNamespace,
  region: string,
  token: string,
  brokerUrl: string,
): RunningProcess {
  const { command, args } = namespace.exec(process.execPath, [
    "apps/runner/dist/runner.js",
    "--region",
    region,
  ]);
  return startProcess(`the ${region} runner`, command, args, {
    BROKER_URL: brokerUrl,
    RUNNER_TOKEN: token,
    ALLOW_PRIVATE_TARGETS: "true",
    LOG_LEVEL: "info",
  });
}
