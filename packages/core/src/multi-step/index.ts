export * from "./issue-sentence.ts";
export * from "./json-path.ts";
export * from "./monitor-body.ts";
export * from "./multi-step-limits.ts";
export * from "./multi-step-rules.ts";
export * from "./multi-step-schema.ts";
export * from "./secure-value-length.ts";
export type * from "./step-result.ts";
export * from "./templates.ts";
