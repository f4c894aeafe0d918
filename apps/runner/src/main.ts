import { pino } from "pino";
import { loadRunnerConfig, RunnerConfigError } from "./runner-config.ts";
import { startRunner } from "./start-runner.ts";

// `node dist/runner.js --region eu-west-1`: runs one region's checks from the broker.
let config: ReturnType<typeof loadRunnerConfig>;
try {
  config = loadRunnerConfig(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof RunnerConfigError ? error.message : String(error));
  process.exit(1);
}

const logger = pino({
  level: config.logLevel,
  base: { runner: config.runnerId, name: config.name, region: config.region },
  redact: { paths: ["token", "*.token"], censor: "[redacted]" },
});
const runner = startRunner(config, { logger });
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void runner.stop();
  });
}
const code = await runner.done;
logger.flush();
process.exit(code);
