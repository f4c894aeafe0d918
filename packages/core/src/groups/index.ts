export * from "./group-input.ts";
export * from "./group-limits.ts";
export * from "./group-status.ts";
