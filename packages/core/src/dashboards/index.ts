export * from "./dashboard-limits.ts";
export * from "./grid-layout.ts";
export * from "./widget-types.ts";
