export * from "./compute-plan-change.ts";
export * from "./describe-plan-change.ts";
export * from "./plan-change-types.ts";
