export * from "./alerting/index.ts";
export * from "./forms.ts";
export * from "./plans.ts";
export * from "./product.ts";
export * from "./site-config.ts";
