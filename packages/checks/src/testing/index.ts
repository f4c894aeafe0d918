export * from "./certificates.ts";
export * from "./dns-server.ts";
export * from "./network.ts";
export * from "./servers.ts";
