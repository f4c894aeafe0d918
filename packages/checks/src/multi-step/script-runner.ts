/** What a script step gives the sandbox. */
export interface ScriptInput {
  source: string;
  variables: Record<string, string>;
  response: {
    status: number;
    headers: Record<string, string>;
    body: string;
    time_ms: number;
  } | null;
}

export type ScriptOutcome =
  | { ok: true; variables: Record<string, string>; logs: string[] }
  | { ok: false; error: string; logs: string[] };

/** Runs a script step's source; the sandbox in production, a stand-in where tests choose. */
export type ScriptRunner = (input: ScriptInput) => Promise<ScriptOutcome>;

/** The QuickJS sandbox, loaded when a run first reaches a script step. */
export const sandboxScriptRunner: ScriptRunner = async (input) => {
  const { runScript } = await import("../sandbox/index.ts");
  return runScript(input);
};
