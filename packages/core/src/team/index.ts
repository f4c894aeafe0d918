export * from "./audit-actions.ts";
export * from "./roles.ts";
