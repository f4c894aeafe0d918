import type { MultiStepOptions } from "./multi-step-schema.ts";

/** One problem of a multi-step check, at the place in `options` it concerns. */
export interface MultiStepIssue {
  path: (string | number)[];
  message: string;
}

/** The problems of a structurally valid multi-step check that its schema alone cannot see. */
export function multiStepIssues(options: MultiStepOptions): MultiStepIssue[] {
  void options;
  return [];
}
