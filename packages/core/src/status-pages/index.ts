export * from "./message-text.ts";
export * from "./page-rules.ts";
export * from "./page-title.ts";
export * from "./states.ts";
