export * from "./body-excerpt.ts";
export * from "./heartbeat-deadline.ts";
export * from "./heartbeat-options.ts";
