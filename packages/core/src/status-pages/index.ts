export * from "./page-rules.ts";
export * from "./states.ts";
