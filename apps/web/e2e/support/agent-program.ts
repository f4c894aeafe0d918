import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "../../../../scripts/build.mjs";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** Where `npm run build` puts the agent program: one JavaScript file. */
export const AGENT_BUNDLE = join(ROOT, "apps/agent/dist/upwatch-agent.mjs");

/**
 * Builds the agent program when its sources changed, and fails with a sentence when there is
 * still no program to run: a browser test of agents without the agent proves nothing.
 */
export async function ensureAgentBuilt(): Promise<void> {
  await ensureBuild({ parts: ["agent"] });
  if (!existsSync(AGENT_BUNDLE)) {
    throw new Error(
      `The agent program ${AGENT_BUNDLE} is missing after the build; run \`npm run build\` and look at its errors.`,
    );
  }
}

/** The real agent program, running with an agent.yaml of its own. */
export interface RunningAgent {
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Writes agent.yaml into a fresh folder and starts `upwatch-agent run` with it. */
export function startAgent(config: Record<string, string | number>): RunningAgent {
  const dir = mkdtempSync(join(tmpdir(), "upwatch-agent-e2e-"));
  const file = join(dir, "agent.yaml");
  writeFileSync(
    file,
    Object.entries(config)
      .map(([key, value]) => `${key}: ${value}`)
      .join("\n"),
  );
  const child = spawn(process.execPath, [AGENT_BUNDLE, "run", "--config", file], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
