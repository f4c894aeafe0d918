export * from "./multi-step-limits.ts";
export * from "./multi-step-schema.ts";
export type * from "./step-result.ts";
export * from "./templates.ts";
