import type { RunnerTable } from "@upwatch/db";
import type { ServiceContext } from "../../services/context.ts";
import { issueRunnerToken } from "../../services/runners/issue-runner-token.ts";
import { listRunners } from "../../services/runners/list-runners.ts";
import { revokeRunner } from "../../services/runners/revoke-runner.ts";
import { isoTime, isoTimeOrNull } from "../../time.ts";

/** What the runner commands read besides the service context. */
export interface RunnerCommandOptions {
  region?: string | undefined;
  name?: string | undefined;
  /** The runner id of `runner revoke <id>`. */
  id?: string | undefined;
  /** Tells running servers and the runner of a revocation at once; unset without a broker. */
  announceRevoked?: ((runnerId: string) => Promise<void>) | undefined;
}

type RunnerCommand = (ctx: ServiceContext, options: RunnerCommandOptions) => Promise<string>;

function required(value: string | undefined, what: string): string {
  if (!value) throw new Error(`This command needs ${what}.`);
  return value;
}

function describeRunner(runner: RunnerTable): string {
  const revoked = runner.revoked_at === null ? "" : `  revoked ${isoTime(runner.revoked_at)}`;
  return `${runner.id}  ${runner.region.padEnd(14)}  last seen ${isoTimeOrNull(runner.last_seen_at) ?? "never"}${revoked}  ${runner.name}`;
}

/** Operator commands for runners (`runner add|list|revoke`); each returns what to print. */
export const RUNNER_COMMANDS: Record<string, RunnerCommand> = {
  add: async (ctx, options) => {
    const { runner, token } = await issueRunnerToken(ctx, {
      region: required(options.region, "--region, the region the runner checks from"),
      name: required(options.name, '--name, a name for the runner such as "frankfurt-1"'),
    });
    return [
      `Runner ${runner.id} "${runner.name}" for ${runner.region} created.`,
      "",
      "Token (shown once; store it now):",
      `  ${token}`,
      "",
      "Start the runner where it should check from, with the broker the servers use:",
      `  BROKER_URL=<the servers' BROKER_URL> RUNNER_TOKEN=${token} npm run runner -- --region ${runner.region}`,
      "",
    ].join("\n");
  },
  list: async (ctx) => {
    const runners = await listRunners(ctx);
    return `${runners.map(describeRunner).join("\n") || "No runners."}\n`;
  },
  revoke: async (ctx, options) => {
    const runner = await revokeRunner(ctx, required(options.id, "the runner's id"));
    const revoked = `Runner ${runner.id} (${runner.region}) is revoked; the servers refuse it from now on`;
    if (!options.announceRevoked) return `${revoked}.\n`;
    try {
      await options.announceRevoked(runner.id);
      return `${revoked}, and it was told to stop.\n`;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return `${revoked}. The broker did not answer (${reason}), so the runner stops at its next heartbeat instead.\n`;
    }
  },
};
