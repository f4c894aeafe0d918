import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort } from "../../ports.ts";
import { TEST_SECRETS_KEY } from "../../secrets.ts";
import { onCleanup } from "./cleanup.ts";
import { ROOT, type RunningProcess, startProcess, tail } from "./processes.ts";
import { GiveUp, waitFor } from "./wait.ts";

/** The built server started as `npm start` runs it, on loopback and a free port. */
export interface ServerProcess {
  url: string;
  process: RunningProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** The server's log as parsed JSON lines (non-JSON lines are left out). */
  logLines(): Record<string, unknown>[];
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts `node apps/server/dist/main.js` with `env` and waits until /healthz answers 200. Its
 * data folder (mail outbox, and the SQLite file unless DATABASE_URL is set) is a fresh one
 * unless `env` names one; every server shares the test secrets key.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freeLoopbackPort();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "upwatch-system-"));
  const server = startProcess(name, process.execPath, ["apps/server/dist/main.js"], {
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
    PORT: String(port),
  });
  if (ownDataDir) {
    const forget = onCleanup(`the data folder of ${name}`, () =>
      rmSync(ownDataDir, { recursive: true, force: true }),
    );
    void server.exited.then(forget);
  }
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `${name} to answer /healthz`,
    async () => {
      if (server.child.exitCode !== null) {
        throw new GiveUp(`${name} exited at start:\n${tail(server.output())}`);
      }
      const response = await fetch(`${url}/healthz`);
      return response.ok ? true : undefined;
    },
    { timeoutMs: 60_000, everyMs: 200 },
  );
  return {
    url,
    process: server,
    output: server.output,
    logLines: () => parseLog(server.output()),
    stop: (signal) => server.stop(signal),
  };
}

/** The JSON lines of a log; anything else (a stack trace, a plain sentence) is left out. */
export function parseLog(output: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // A line cut in the middle while the process was killed.
    }
  }
  return lines;
}

/** Runs the built admin command against the database in `env` and answers what it printed. */
export function runAdmin(args: readonly string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, ["apps/server/dist/admin.js", ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", SECRETS_KEY: TEST_SECRETS_KEY, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `The admin command ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** A minimal client of the server's API, authenticated by an API key. */
export function apiClient(url: string, key: string) {
  return async <T = Record<string, unknown>>(
    path: string,
    { method = "GET", body }: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  };
}

/** Creates an account on `plan` with the admin command and answers its first API key. */
export function createAccountWithKey(plan: string, env: Record<string, string>): string {
  const stamp = `${process.pid}-${Date.now()}`;
  const printed = runAdmin(
    [
      "create-account",
      "--name",
      `System test ${stamp}`,
      "--email",
      `system-${stamp}@example.com`,
      "--plan",
      plan,
    ],
    env,
  );
  // The key is the indented line under "API key (shown once; store it now):".
  const lines = printed.split("\n");
  const heading = lines.findIndex((line) => line.startsWith("API key"));
  const key = heading === -1 ? undefined : lines[heading + 1]?.trim();
  if (!key) throw new Error(`The admin command printed no API key:\n${printed}`);
  return key;
}
