import { describe, expect, it } from "vitest";
import { loadRunnerConfig } from "./runner-config.ts";

const TOKEN = `upr_run_abcdefghijklmnop_${"A".repeat(43)}`;
const ENV = { BROKER_URL: "redis://127.0.0.1:6379", RUNNER_TOKEN: TOKEN };

describe("the runner's configuration", () => {
  it("takes the region from the command line and the rest from the environment", () => {
    expect(loadRunnerConfig(["--region", "eu-west-1"], ENV)).toEqual({
      region: "eu-west-1",
      name: "run_abcdefghijklmnop",
      brokerUrl: "redis://127.0.0.1:6379",
      token: TOKEN,
      runnerId: "run_abcdefghijklmnop",
      concurrency: 500,
      allowPrivateTargets: false,
      logLevel: "info",
    });
  });

  it("accepts RUNNER_REGION instead of --region, and the other settings", () => {
    const config = loadRunnerConfig(["--name", "frankfurt-1"], {
      ...ENV,
      RUNNER_REGION: "us-west-2",
      RUNNER_CONCURRENCY: "50",
      ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "debug",
    });
    expect(config).toMatchObject({
      region: "us-west-2",
      name: "frankfurt-1",
      concurrency: 50,
      allowPrivateTargets: true,
      logLevel: "debug",
    });
  });

  it("names the regions it knows when given another", () => {
    expect(() => loadRunnerConfig(["--region", "eu-central-9"], ENV)).toThrow(
      "eu-central-9 is not a region Upwatch knows; choose one of us-west-1, us-west-2, eu-west-1, ap-southeast-2.",
    );
    expect(() => loadRunnerConfig([], ENV)).toThrow(/^Name the region this runner checks from/);
    expect(() =>
      loadRunnerConfig(["--region", "eu-west-1"], { ...ENV, RUNNER_REGION: "us-west-1" }),
    ).toThrow("--region says eu-west-1 but RUNNER_REGION says us-west-1; give one region.");
  });

  it("explains a missing or wrong broker URL and token without repeating the token", () => {
    const region = ["--region", "eu-west-1"];
    expect(() => loadRunnerConfig(region, { RUNNER_TOKEN: TOKEN })).toThrow(/^Set BROKER_URL/);
    expect(() => loadRunnerConfig(region, { ...ENV, BROKER_URL: "http://broker" })).toThrow(
      /^BROKER_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadRunnerConfig(region, { BROKER_URL: ENV.BROKER_URL })).toThrow(
      /^Set RUNNER_TOKEN to the token that npm run admin -- runner add printed/,
    );
    let message = "";
    try {
      loadRunnerConfig(region, { ...ENV, RUNNER_TOKEN: "uw_my-api-key-by-mistake" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^RUNNER_TOKEN is not a runner token/);
    expect(message).not.toContain("my-api-key");
  });

  it("explains a bad number, flag, level or option", () => {
    const region = ["--region", "eu-west-1"];
    expect(() => loadRunnerConfig(region, { ...ENV, RUNNER_CONCURRENCY: "lots" })).toThrow(
      'RUNNER_CONCURRENCY must be a whole number from 1 to 10000 (got "lots").',
    );
    expect(() => loadRunnerConfig(region, { ...ENV, ALLOW_PRIVATE_TARGETS: "maybe" })).toThrow(
      'ALLOW_PRIVATE_TARGETS must be true or false (got "maybe").',
    );
    expect(() => loadRunnerConfig(region, { ...ENV, LOG_LEVEL: "loud" })).toThrow(
      /^LOG_LEVEL must be one of fatal, error/,
    );
    expect(() => loadRunnerConfig([...region, "--colour"], ENV)).toThrow(
      /The runner takes --region <region> and --name <name>\.$/,
    );
  });
});
