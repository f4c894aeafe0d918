import { runScript, type ScriptInput, type ScriptOutcome } from "../sandbox/index.ts";

/** Runs a script step's source; the sandbox in production, a stand-in where tests choose. */
export type ScriptRunner = (input: ScriptInput) => Promise<ScriptOutcome>;

/** The QuickJS sandbox; its worker starts when a run first reaches a script step. */
export const sandboxScriptRunner: ScriptRunner = runScript;
