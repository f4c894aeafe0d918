export * from "./time-zone.ts";
