/** Every agent key starts with this, so leaked keys are easy to recognise and scan for. */
export const AGENT_KEY_PREFIX = "uwa_";

/** The operating systems an agent can be added for. */
export const AGENT_OS = ["linux", "windows", "macos"] as const;
export type AgentOs = (typeof AGENT_OS)[number];

/** The fields of `agent.yaml`, their defaults and the ranges the agent and server accept. */
export const AGENT_CONFIG_DEFAULTS = {
  timeout: 30,
  monitoring_interval: 60,
  cpu_threshold: 80,
  memory_threshold: 85,
  disk_threshold: 90,
  log_level: "info",
} as const;

export const AGENT_LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type AgentLogLevel = (typeof AGENT_LOG_LEVELS)[number];

export const AGENT_CONFIG_RANGES = {
  timeout: { min: 1, max: 120 },
  monitoring_interval: { min: 10, max: 3600 },
  threshold: { min: 0, max: 100 },
} as const;

/** Minutes without a report before an agent is offline: 5 by default, 1 to 60. */
export const AGENT_OFFLINE_AFTER = { default: 5, min: 1, max: 60 } as const;

/** How often the agent asks for tasks, in seconds. */
export const AGENT_POLL_SECONDS = 30;

/** How much the agent keeps while the server cannot be reached: an hour of reports. */
export const AGENT_BUFFER_MS = 3_600_000;

/** What one report batch may carry; larger ones are refused. */
export const AGENT_REPORT_LIMITS = {
  reportsPerBatch: 60,
  disks: 64,
  services: 100,
  nameLength: 200,
  descriptionLength: 200,
  bodyBytes: 512 * 1024,
  /** How far the agent's clock may be from the server's. */
  clockSkewMs: 5 * 60_000,
  /** The oldest sample accepted: the hour the agent buffers, and a margin. */
  oldestSampleMs: 65 * 60_000,
} as const;

/** The capability an agent reports when it can run checks for the server (proxy monitoring). */
export const PROXY_CHECKS_CAPABILITY = "proxy-checks";
/** The first agent version that can run proxied checks. */
export const PROXY_MIN_VERSION = "2.1.0";

/** Whether an agent of this version and capabilities may be given proxied checks. */
export function isProxyCapable(version: string | null, capabilities: readonly string[]): boolean {
  if (!version || !capabilities.includes(PROXY_CHECKS_CAPABILITY)) return false;
  return compareVersions(version, PROXY_MIN_VERSION) >= 0;
}

/** Compares two `major.minor.patch` versions; a malformed one sorts first. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => {
    const match = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
    return match ? match.slice(1).map(Number) : [-1, -1, -1];
  };
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export type AgentStatus = "waiting" | "online" | "offline";

/**
 * How long an agent may be silent before it is offline: its offline setting, but never less than
 * two of its reporting intervals (an agent reporting every 10 minutes is not offline after 5).
 */
export function offlineThresholdMs(
  offlineAfterMinutes: number,
  monitoringIntervalSeconds?: number | null,
): number {
  return Math.max(offlineAfterMinutes * 60_000, 2 * (monitoringIntervalSeconds ?? 0) * 1000);
}

/**
 * Waiting until the first report, then online until the offline threshold passes in silence
 * (`offlineThresholdMs`: the offline setting, at least two reporting intervals when known).
 */
export function agentStatus(
  agent: { last_report_at: number | null; offline_after_minutes: number },
  now: number,
  monitoringIntervalSeconds?: number | null,
): AgentStatus {
  if (agent.last_report_at === null) return "waiting";
  const threshold = offlineThresholdMs(agent.offline_after_minutes, monitoringIntervalSeconds);
  return now - agent.last_report_at > threshold ? "offline" : "online";
}
