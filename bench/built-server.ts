import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../apps/web/e2e/support/server.ts";
import { endWithBenchmark } from "./child-processes.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The built server on a free loopback port, ready once /healthz answers. */
export interface BuiltServer {
  url: string;
  /** The server process, for measuring its CPU and memory. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/dist/main.js` on `dataDir` with `env` added, its public URL its own
 * address, and waits up to a minute for its health check. `stop` may be called more than once;
 * a server still running when the benchmark exits is killed with it.
 */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = endWithBenchmark(
    spawn(process.execPath, ["apps/server/dist/main.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error("The server did not start.");
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: server.pid as number,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}
