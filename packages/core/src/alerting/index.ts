export * from "./alert-types.ts";
export * from "./channel-routing.ts";
export * from "./dependency-rules.ts";
export * from "./escalation-policy.ts";
export * from "./monitor-health.ts";
export * from "./quiet-hours.ts";
export * from "./ssl-expiry.ts";
