import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { onCleanup } from "./cleanup.ts";
import { GiveUp, waitFor } from "./wait.ts";

/** The repository root: the built entries are started from here. */
export const ROOT = fileURLToPath(new URL("../../../../../", import.meta.url));

/** A process the test started, with everything it printed. */
export interface RunningProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  /** Waits until the output matches, answering the first matching line. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Sends the signal and waits until the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts a process in the repository root with its output kept, and makes sure it is killed
 * when the test process ends, however it ends.
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
): RunningProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.length > 4_000_000) output = output.slice(-2_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
    child.once("error", (error) => {
      output += `\n${String(error)}`;
      resolve("error");
    });
  });
  const forget = onCleanup(`process ${name}`, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  void exited.then(() => forget());
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    name,
    pid: child.pid ?? -1,
    child,
    output: () => output,
    exited,
    waitForLine: (pattern, timeoutMs) =>
      waitFor(
        `${name} to print ${pattern}`,
        () => {
          const line = output.split("\n").find((candidate) => pattern.test(candidate));
          if (line === undefined && gone()) {
            throw new GiveUp(`${name} exited before printing ${pattern}:\n${tail(output)}`);
          }
          return line;
        },
        { timeoutMs, everyMs: 200 },
      ),
    stop: async (signal = "SIGTERM") => {
      if (!gone()) child.kill(signal);
      return exited;
    },
  };
}

/** The last lines of a process's output, for a failure message. */
export function tail(output: string, lines = 40): string {
  return output.split("\n").slice(-lines).join("\n");
}
