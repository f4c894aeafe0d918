import { arch, hostname } from "node:os";
import type { AgentIdentity } from "@upwatch/api";
import { AGENT_REPORT_LIMITS, PROXY_CHECKS_CAPABILITY } from "@upwatch/core";
import { osInfo } from "systeminformation";
import { AGENT_VERSION } from "./version.ts";

/** Who is reporting: this program's version and what it can do, and the machine's name, system and architecture. */
export async function readAgentIdentity(): Promise<AgentIdentity> {
  const os = await osInfo().catch(() => null);
  const platform = [os?.distro, os?.release].filter(Boolean).join(" ") || process.platform;
  return {
    version: AGENT_VERSION,
    hostname: (hostname() || "unknown").slice(0, 255),
    platform: platform.slice(0, AGENT_REPORT_LIMITS.nameLength),
    arch: arch(),
    capabilities: [PROXY_CHECKS_CAPABILITY],
  };
}
