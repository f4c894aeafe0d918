export * from "./describe-recurrence.ts";
export * from "./expand-recurrence.ts";
export * from "./recurrence-rule.ts";
export * from "./window-occurrences.ts";
export * from "./zoned-time.ts";
