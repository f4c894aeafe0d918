import { parseArgs } from "node:util";
import { checkAgent } from "./commands/check.ts";
import { runAgent } from "./commands/run.ts";
import { AgentConfigError } from "./config/agent-config.ts";
import { defaultConfigPath } from "./config/default-config-path.ts";
import { configPath, loadAgentConfig } from "./config/load-agent-config.ts";
import { createLog } from "./log.ts";
import { AGENT_VERSION } from "./version.ts";

const HELP = `Usage: upwatch-agent [run|check] [--config <path>]

Reports this machine's CPU, memory, disks, network, load and services to Upwatch.

Commands:
  run      Report every monitoring_interval until stopped (the default).
  check    Validate agent.yaml, print the custom metrics it would report (or
           their problems) and make one test call to the server, then exit.

Options:
  --config <path>  The configuration file (default ${defaultConfigPath()},
                   or the UPWATCH_AGENT_CONFIG environment variable).
  --version        Print the version.
  --help           Print this help.

Exit codes: 0 success, 1 a failed check (the server refused the key or could not
be reached, or a custom metrics source has a problem), 2 a bad command line, 78 a
bad configuration (agent.yaml is missing or invalid, or api_key is still the
placeholder); the packaged service is not restarted after 78.`;

/** EX_CONFIG from sysexits.h; the systemd unit's RestartPreventExitStatus names it. */
const EXIT_BAD_CONFIG = 78;

function usageError(message: string): never {
  process.stderr.write(`${message} Run upwatch-agent --help for the commands.\n`);
  process.exit(2);
}

function readCommandLine() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: {
        config: { type: "string" },
        version: { type: "boolean" },
        help: { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(`${(error as Error).message.replace(/\.$/, "")}.`);
  }
}

async function run(path: string): Promise<void> {
  const log = createLog();
  let config: Awaited<ReturnType<typeof loadAgentConfig>>;
  try {
    config = await loadAgentConfig(path);
  } catch (error) {
    if (!(error instanceof AgentConfigError)) throw error;
    for (const problem of error.problems) log.error(problem);
    process.exit(EXIT_BAD_CONFIG);
  }
  log.setLevel(config.log_level);
  const agent = await runAgent(config, log);
  const stop = () => {
    agent.stop().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

const { values, positionals } = readCommandLine();
if (values.help) {
  process.stdout.write(`${HELP}\n`);
} else if (values.version) {
  process.stdout.write(`${AGENT_VERSION}\n`);
} else {
  const [command = "run", ...rest] = positionals;
  if (rest.length > 0)
    usageError(`upwatch-agent takes one command; it was given ${positionals.join(" ")}.`);
  const path = configPath(values.config, process.env);
  if (command === "check") {
    const result = await checkAgent(path);
    for (const line of result.lines)
      (result.ok ? process.stdout : process.stderr).write(`${line}\n`);
    process.exit(result.ok ? 0 : result.badConfig ? EXIT_BAD_CONFIG : 1);
  } else if (command === "run") {
    await run(path);
  } else {
    usageError(`upwatch-agent has no command ${command}; the commands are run and check.`);
  }
}
