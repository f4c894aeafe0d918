import { parseArgs } from "node:util";
import { runnerIdOfToken } from "@upwatch/broker";
import { REGIONS, type Region } from "@upwatch/core";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** What a runner runs with, read from its command line and environment. */
export interface RunnerConfig {
  region: Region;
  /** A label for the logs; the runner's id when not given. */
  name: string;
  brokerUrl: string;
  token: string;
  runnerId: string;
  concurrency: number;
  allowPrivateTargets: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
}

/** A bad command line or environment; its message is the sentence to show. */
export class RunnerConfigError extends Error {}

const flag = z.enum(["true", "false", "1", "0", "yes", "no"]);

const environment = z.object({
  BROKER_URL: z.string().optional(),
  RUNNER_TOKEN: z.string().optional(),
  RUNNER_REGION: z.string().optional(),
  RUNNER_CONCURRENCY: z.string().optional(),
  ALLOW_PRIVATE_TARGETS: z.string().optional(),
  LOG_LEVEL: z.string().optional(),
});

function fail(message: string): never {
  throw new RunnerConfigError(message);
}

function readArguments(argv: readonly string[]): { region?: string; name?: string } {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { region: { type: "string" }, name: { type: "string" } },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      `${reason.replace(/\.$/, "")}. The runner takes --region <region> and --name <name>.`,
    );
  }
}

function readRegion(fromFlag: string | undefined, fromEnv: string | undefined): Region {
  const choices = REGIONS.join(", ");
  if (fromFlag && fromEnv && fromFlag !== fromEnv) {
    fail(`--region says ${fromFlag} but RUNNER_REGION says ${fromEnv}; give one region.`);
  }
  const region = fromFlag ?? fromEnv;
  if (!region)
    fail(
      `Name the region this runner checks from with --region or RUNNER_REGION: one of ${choices}.`,
    );
  if (!(REGIONS as readonly string[]).includes(region)) {
    fail(`${region.slice(0, 64)} is not a region Upwatch knows; choose one of ${choices}.`);
  }
  return region as Region;
}

function readBrokerUrl(value: string | undefined): string {
  const example = "such as redis://broker.internal:6379";
  if (!value)
    fail(
      `Set BROKER_URL to the broker's redis:// or rediss:// URL (the server's BROKER_URL), ${example}.`,
    );
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:") || !url.hostname) {
    fail(`BROKER_URL must be a redis:// or rediss:// URL, ${example}.`);
  }
  return value;
}

function readToken(value: string | undefined): { token: string; runnerId: string } {
  const source = "the token that npm run admin -- runner add printed for this runner";
  if (!value) fail(`Set RUNNER_TOKEN to ${source}.`);
  const runnerId = runnerIdOfToken(value.trim());
  // The value is never repeated: it may be a secret pasted into the wrong variable.
  if (!runnerId)
    fail(`RUNNER_TOKEN is not a runner token; use ${source} (it starts with upr_run_).`);
  return { token: value.trim(), runnerId };
}

function readConcurrency(value: string | undefined): number {
  if (value === undefined) return 500;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 10_000) {
    fail(
      `RUNNER_CONCURRENCY must be a whole number from 1 to 10000 (got "${value.slice(0, 20)}").`,
    );
  }
  return number;
}

function readFlag(name: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const parsed = flag.safeParse(value);
  if (!parsed.success) fail(`${name} must be true or false (got "${value.slice(0, 20)}").`);
  return parsed.data === "true" || parsed.data === "1" || parsed.data === "yes";
}

function readLogLevel(value: string | undefined): RunnerConfig["logLevel"] {
  if (value === undefined) return "info";
  const level = LOG_LEVELS.find((each) => each === value);
  if (!level)
    fail(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${value.slice(0, 20)}").`);
  return level;
}

function readName(value: string | undefined, runnerId: string): string {
  if (value === undefined) return runnerId;
  if (!/^[\w .-]{1,100}$/.test(value)) {
    fail("--name must be 1 to 100 letters, digits, spaces, dots, dashes or underscores.");
  }
  return value;
}

/** Reads and validates the runner's configuration; throws RunnerConfigError with a sentence. */
export function loadRunnerConfig(argv: readonly string[], env: NodeJS.ProcessEnv): RunnerConfig {
  const args = readArguments(argv);
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const e = environment.parse(present);
  const region = readRegion(args.region, e.RUNNER_REGION);
  const brokerUrl = readBrokerUrl(e.BROKER_URL);
  const { token, runnerId } = readToken(e.RUNNER_TOKEN);
  return {
    region,
    name: readName(args.name, runnerId),
    brokerUrl,
    token,
    runnerId,
    concurrency: readConcurrency(e.RUNNER_CONCURRENCY),
    allowPrivateTargets: readFlag("ALLOW_PRIVATE_TARGETS", e.ALLOW_PRIVATE_TARGETS),
    logLevel: readLogLevel(e.LOG_LEVEL),
  };
}
