import { VARIABLE_NAME } from "@upwatch/core";
import { ScriptPool } from "./script-pool.ts";
import { SCRIPT_LIMITS, type ScriptInput, type ScriptOutcome } from "./script-types.ts";

let pool: ScriptPool | undefined;

function sandbox(): ScriptPool {
  pool ??= new ScriptPool(1);
  return pool;
}

/**
 * Runs a script step in QuickJS inside a worker thread, with the run's variables as `vars` and
 * the last response as `response`. Never throws: every problem is an outcome with a sentence.
 */
export async function runScript(input: ScriptInput): Promise<ScriptOutcome> {
  const answer = await sandbox().ask(
    {
      kind: "run",
      source: input.source,
      variables: { ...input.variables },
      response: input.response,
    },
    input.signal,
  );
  if (!("ok" in answer))
    return { ok: false, error: "Script error: the sandbox answered unexpectedly.", logs: [] };
  const mask = input.maskText ?? ((text: string) => text);
  const logs = answer.logs.map((line) => mask(line).slice(0, SCRIPT_LIMITS.logLineChars));
  if (!answer.ok) return { ok: false, error: shortenError(mask(answer.error)), logs };
  const variables: Record<string, string> = {};
  let added = 0;
  for (const [name, value] of Object.entries(answer.variables)) {
    if (!VARIABLE_NAME.test(name)) continue;
    variables[name] = value;
    if (!Object.hasOwn(input.variables, name)) added++;
  }
  if (added > SCRIPT_LIMITS.addedVariables) {
    return {
      ok: false,
      error: `Script error: the script added ${added} variables; a script may add at most ${SCRIPT_LIMITS.addedVariables}.`,
      logs,
    };
  }
  return { ok: true, variables, logs };
}

/** Cuts an error's message, keeping the line it names; after masking, so no secret is cut in two. */
function shortenError(error: string): string {
  const parts = /^(Script error: )([\s\S]*?)( \(line \d+\))?$/.exec(error);
  if (!parts) return error;
  const [, prefix = "", message = "", line = ""] = parts;
  if (message.length <= SCRIPT_LIMITS.errorChars) return error;
  return `${prefix}${message.slice(0, SCRIPT_LIMITS.errorChars)}…${line}`;
}

/** Compiles a script without running it: `the script does not parse: <message>`, or undefined. */
export async function scriptSyntaxProblem(source: string): Promise<string | undefined> {
  const answer = await sandbox().ask({ kind: "parse", source });
  return "problem" in answer ? answer.problem : undefined;
}

/** Stops the sandbox's workers; the next script starts them again. */
export async function closeScriptSandbox(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
