import { spawn } from "node:child_process";
import { NO_TIMINGS, unbracket } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import { resolveTarget } from "../network/resolve-target.ts";
import { type CheckRunner, roundMs } from "../runner.ts";

/** What the check tells the operator when the ping program is not installed. */
export const PING_MISSING =
  "Ping checks need the ping program on the Upwatch server, which is not installed (on Debian or Ubuntu: apt-get install iputils-ping).";

/**
 * `ping`: one ICMP echo answered, sent by the system's `ping` (iputils) to the address the
 * network guard validated, never to the name, so the address cannot change in between.
 */
export const pingRunner: CheckRunner<"ping"> = {
  async run(spec, context) {
    const host = unbracket(spec.target);
    const { addresses, dnsMs } = await resolveTarget(host, context.network);
    const target = addresses[0]!;
    const waitSeconds = Math.max(1, Math.ceil(spec.timeoutMs / 1000));
    const args = ["-n", "-c", "1", "-W", String(waitSeconds), `-${target.family}`, target.address];
    const output = await runPing(context.network.pingCommand ?? "ping", args, context.signal);
    const match = /time[=<]([\d.]+) ?ms/.exec(output.stdout);
    if (output.code !== 0 || !match) {
      const reason = output.code === 1 || output.code === 0 ? "" : ` ${lastLine(output.stderr)}`;
      throw new CheckError(`No reply to ping from ${target.address}.${reason}`.trim());
    }
    const rtt = Number(match[1]);
    return {
      status: "up",
      responseTimeMs: roundMs(rtt),
      timings: { ...NO_TIMINGS, dnsMs: dnsMs === null ? null : roundMs(dnsMs) },
      statusCode: null,
      error: null,
    };
  },
};

interface PingOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runPing(command: string, args: string[], signal: AbortSignal): Promise<PingOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") reject(new CheckError(PING_MISSING));
      else reject(signal.aborted ? signal.reason : error);
    });
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] ?? "";
}
