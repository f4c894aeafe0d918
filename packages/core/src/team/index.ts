export * from "./audit-actions.ts";
export * from "./roles.ts";
export * from "./team-name.ts";
