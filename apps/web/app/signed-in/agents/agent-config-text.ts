import { AGENT_CONFIG_DEFAULTS, type AgentOs } from "@upwatch/core";

/** Where the agent reads agent.yaml by default on each system. */
export const AGENT_CONFIG_PATHS: Record<AgentOs, string> = {
  linux: "/etc/upwatch/agent.yaml",
  windows: "C:\\ProgramData\\Upwatch\\agent.yaml",
  macos: "/usr/local/etc/upwatch/agent.yaml",
};

/**
 * The agent.yaml to paste: this server's address and the new key, then every other field with
 * its default, commented out, so the file works as is and shows what can be changed.
 */
export function agentConfigText(apiUrl: string, apiKey: string): string {
  const d = AGENT_CONFIG_DEFAULTS;
  return [
    "# Upwatch agent configuration",
    `api_url: ${apiUrl}`,
    `api_key: ${apiKey}`,
    "",
    "# Seconds to wait for the server (1-120).",
    `# timeout: ${d.timeout}`,
    "# Seconds between reports (10-3600).",
    `# monitoring_interval: ${d.monitoring_interval}`,
    "# Percent used above which the page marks the figure as high (0-100).",
    `# cpu_threshold: ${d.cpu_threshold}`,
    `# memory_threshold: ${d.memory_threshold}`,
    `# disk_threshold: ${d.disk_threshold}`,
    "# debug, info, warn or error.",
    `# log_level: ${d.log_level}`,
    "# Services whose state is reported.",
    "# services:",
    "#   - nginx",
    "# Disks to report; without this map every mounted disk is reported.",
    "# disks:",
    '#   "/":',
    "#     enabled: true",
    "#     description: System disk",
    "",
  ].join("\n");
}
