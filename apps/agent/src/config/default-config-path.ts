/** Where the agent looks for agent.yaml when neither --config nor UPWATCH_AGENT_CONFIG says. */
export function defaultConfigPath(platform: NodeJS.Platform = process.platform): string {
  if (platform === "win32") return "C:\\ProgramData\\Upwatch\\agent.yaml";
  if (platform === "darwin") return "/usr/local/etc/upwatch/agent.yaml";
  return "/etc/upwatch/agent.yaml";
}
