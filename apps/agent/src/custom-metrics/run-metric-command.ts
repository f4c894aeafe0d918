import { spawn } from "node:child_process";
import { CUSTOM_METRIC_LIMITS } from "@upwatch/core";

/** What a command printed, or why it gave nothing to read. */
export type CommandOutcome = { ok: true; output: string } | { ok: false; problem: string };

const KILL_GRACE_MS = 2_000;
/** The kills of the commands running now, so a stopping agent leaves none behind. */
const running = new Set<() => void>();

/** Stops every metric command still running (their own process groups miss the agent's signals). */
export function stopMetricCommands(): void {
  for (const kill of [...running]) kill();
}

/**
 * Runs a command without a shell (argv[0] with the rest as its arguments) and reads its standard
 * output. A command that runs past `timeoutSeconds` or prints more than the output limit is
 * killed with its process group; one that exits with an error gives nothing.
 */
export function runMetricCommand(
  argv: readonly string[],
  timeoutSeconds: number,
): Promise<CommandOutcome> {
  const shown = argv.join(" ");
  const limit = CUSTOM_METRIC_LIMITS.outputBytes;
  return new Promise((done) => {
    let settled = false;
    const resolve = (outcome: CommandOutcome) => {
      if (!settled) done(outcome);
      settled = true;
    };
    const ownGroup = process.platform !== "win32";
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(argv[0]!, argv.slice(1), {
        shell: false,
        stdio: ["ignore", "pipe", "pipe"],
        detached: ownGroup,
        windowsHide: true,
      });
    } catch (error) {
      resolve({
        ok: false,
        problem: `The command ${shown} could not start: ${(error as Error).message}.`,
      });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let ended: string | null = null;
    const kill = (why: string) => {
      if (ended !== null) return;
      ended = why;
      try {
        if (ownGroup && child.pid) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      // A process that left the group may keep the output open: the answer does not wait for it.
      setTimeout(
        () => resolve({ ok: false, problem: `The command ${shown} ${why}.` }),
        KILL_GRACE_MS,
      ).unref();
    };
    const timer = setTimeout(
      () => kill(`ran longer than ${timeoutSeconds} s and was stopped`),
      timeoutSeconds * 1000,
    );
    const stopForShutdown = () => kill("was stopped with the agent");
    running.add(stopForShutdown);
    child.stdout?.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) kill(`printed more than ${limit / 1024} KiB and was stopped`);
      else chunks.push(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 300) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      running.delete(stopForShutdown);
      ended ??= `could not start: ${error.message}`;
      resolve({ ok: false, problem: `The command ${shown} ${ended}.` });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(stopForShutdown);
      if (ended !== null) {
        resolve({ ok: false, problem: `The command ${shown} ${ended}.` });
        return;
      }
      if (code !== 0) {
        const said = stderr.trim().split("\n")[0]?.slice(0, 200);
        const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
        resolve({ ok: false, problem: `The command ${shown} ${how}${said ? `: ${said}` : ""}.` });
        return;
      }
      resolve({ ok: true, output: Buffer.concat(chunks).toString("utf8") });
    });
  });
}
