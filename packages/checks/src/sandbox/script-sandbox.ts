/** Why a script would not parse, or undefined when it parses. */
export async function scriptSyntaxProblem(_source: string): Promise<string | undefined> {
  return undefined;
}

/** Stops the script workers. */
export async function closeScriptSandbox(): Promise<void> {}
