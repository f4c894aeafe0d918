import { scriptSyntaxProblem } from "@upwatch/checks";
import {
  type MultiStepOptions,
  multiStepTarget,
  SECURE_PREFIX,
  secureReferences,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { existingSecureVariableNames } from "../../records/load-secure-values.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

interface Settings {
  type: string;
  target?: string | undefined;
  options: unknown;
}

/**
 * Completes a multi-step monitor's settings before they are stored: its target is its first
 * request's URL, every `secure:` name must be one of the account's secure variables, and every
 * script must parse. Other types pass through unchanged.
 */
export async function settleMultiStep<T extends Settings>(
  ctx: ServiceContext,
  accountId: string,
  settings: T,
): Promise<T> {
  if (settings.type !== "multi_step") return settings;
  const options = settings.options as MultiStepOptions;
  await refuseMissingSecureNames(ctx.db, accountId, settings);
  await refuseUnparsableScripts(options);
  return { ...settings, target: multiStepTarget(options) };
}

/**
 * Refuses `secure:` names the account has no variable for. Called again inside the locked
 * transaction that stores the monitor, so a variable deleted meanwhile cannot be referred to.
 */
export async function refuseMissingSecureNames(
  db: Kysely<Database>,
  accountId: string,
  settings: Settings,
): Promise<void> {
  if (settings.type !== "multi_step") return;
  const options = settings.options as MultiStepOptions;
  const wanted = secureReferences(options);
  if (wanted.length === 0) return;
  const existing = await existingSecureVariableNames(db, accountId);
  for (const [variable, value] of Object.entries(options.variables)) {
    const name = value.startsWith(SECURE_PREFIX) ? value.slice(SECURE_PREFIX.length) : undefined;
    if (name === undefined || existing.has(name)) continue;
    throw new ServiceError(
      "invalid",
      `variables.${variable}: there is no secure variable named ${name}; add it under Settings > Secure variables first.`,
    );
  }
}

async function refuseUnparsableScripts(options: MultiStepOptions): Promise<void> {
  for (const step of options.steps) {
    if (step.type !== "script") continue;
    const problem = await scriptSyntaxProblem(step.config.source);
    if (problem !== undefined) {
      throw new ServiceError(
        "invalid",
        `Step "${step.name}": the script does not parse: ${problem}`,
      );
    }
  }
}
