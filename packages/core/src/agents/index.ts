export * from "./agent-alert-rules.ts";
export * from "./agent-settings.ts";
export * from "./agent-task-blocker.ts";
export * from "./agent-tasks.ts";
export * from "./custom-metrics.ts";
