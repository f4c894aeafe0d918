import type { CheckType } from "@upwatch/core";

/** What each type's target is, under the field. */
export const TARGET_HINTS: Record<CheckType, string> = {
  http: "The address to request, starting with http:// or https://.",
  keyword: "The page to read, starting with http:// or https://.",
  ping: "A host name or IP address.",
  tcp: "host:port, such as db.example.com:5432.",
  dns: "The domain name to look up.",
  ssl: "A host name, optionally with a port (example.com:8443).",
  multi_step: "",
  heartbeat: "",
};

/** Whether a type is checked at a target the form asks for (multi-step and heartbeat are not). */
export function hasTarget(type: CheckType): boolean {
  return type !== "multi_step" && type !== "heartbeat";
}

export const TARGET_PLACEHOLDERS: Record<CheckType, string> = {
  http: "https://example.com/",
  keyword: "https://example.com/status",
  ping: "server.example.com",
  tcp: "db.example.com:5432",
  dns: "example.com",
  ssl: "example.com",
  multi_step: "",
  heartbeat: "",
};
