import { readFile } from "node:fs/promises";
import { type AgentConfig, AgentConfigError, parseAgentConfig } from "./agent-config.ts";
import { defaultConfigPath } from "./default-config-path.ts";

/** The path agent.yaml is read from: --config, then UPWATCH_AGENT_CONFIG, then the system's place. */
export function configPath(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag || env.UPWATCH_AGENT_CONFIG || defaultConfigPath();
}

/** Reads and checks agent.yaml; throws AgentConfigError with one sentence per problem. */
export async function loadAgentConfig(path: string): Promise<AgentConfig> {
  let source: string;
  try {
    source = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new AgentConfigError([
        `There is no configuration file at ${path}; create it (see the agent's help article) or name another with --config.`,
      ]);
    }
    if (code === "EACCES") {
      throw new AgentConfigError([
        `The agent may not read ${path}; run it as a user who can (the package's service runs as upwatch).`,
      ]);
    }
    throw new AgentConfigError([`The agent could not read ${path} (${code ?? String(error)}).`]);
  }
  return parseAgentConfig(source, path);
}
