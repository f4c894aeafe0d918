export * from "./dependency-rules.ts";
export * from "./escalation-policy.ts";
export * from "./monitor-health.ts";
