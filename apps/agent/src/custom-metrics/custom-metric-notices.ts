import type { Log } from "../log.ts";

/**
 * Logs what goes wrong with custom metrics without repeating itself every sample: a collection
 * problem when it first appears, and the server's refusal of custom metrics (the plan) when it
 * first comes and when it ends.
 */
export function createCustomMetricNotices(log: Log) {
  let shown = new Set<string>();
  let refusal: string | null = null;
  return {
    problems(problems: readonly string[]) {
      for (const problem of problems)
        if (!shown.has(problem)) log.warn(`Custom metrics: ${problem}`);
      shown = new Set(problems);
    },
    stored(body: unknown) {
      const said = (body as { custom_metrics_refused?: unknown } | null)?.custom_metrics_refused;
      const now = typeof said === "string" ? said : null;
      if (now !== null && now !== refusal)
        log.warn(`The server refused the custom metrics: ${now}`);
      if (now === null && refusal !== null) log.info("The server stores the custom metrics again.");
      refusal = now;
    },
  };
}
