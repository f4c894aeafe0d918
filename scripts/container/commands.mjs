// Running the machine's commands for the container test: each failure becomes a sentence that
// says what did not work, with the tail of what the command printed.
import { spawn, spawnSync } from "node:child_process";

/** A failure of the container test; its message is the sentence to print. */
export class ContainerTestFailure extends Error {}

/** The last lines of a command's output, enough to see why it failed. */
export function tailOf(text, lines = 40) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** Whether a command can be started and succeeds. */
export function succeeds(command, args = []) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return !result.error && result.status === 0;
}

/** Runs a command to its end and answers its standard output; throws a sentence on failure. */
export function runCommand(command, args, { what, env, input, timeoutMs = 600_000 } = {}) {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    env: env ? { ...process.env, ...env } : process.env,
    input,
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
  });
  if (result.error || result.status !== 0) {
    const reason = result.error ? result.error.message : `exit code ${result.status}`;
    const output = tailOf(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new ContainerTestFailure(
      `${what ?? `${command} ${args.join(" ")}`} failed (${reason}).${output ? `\n${output}` : ""}`,
    );
  }
  return result.stdout.trim();
}

/**
 * Runs a long command while keeping the machine's other work going; `onLine` sees each line it
 * prints (for progress), and the whole output comes back in the error when it fails.
 */
export function streamCommand(command, args, { what, env, onLine = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: env ? { ...process.env, ...env } : process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let partial = "";
    const take = (chunk) => {
      const text = partial + chunk.toString("utf8");
      const lines = text.split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        output += `${line}\n`;
        onLine(line);
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (error) =>
      reject(new ContainerTestFailure(`${what} failed: ${error.message}`)),
    );
    child.on("close", (code) => {
      output += partial;
      if (code === 0) resolve(output);
      else {
        reject(
          new ContainerTestFailure(`${what} failed (exit code ${code}).\n${tailOf(output, 60)}`),
        );
      }
    });
  });
}
