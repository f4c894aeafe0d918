import type {
  checkResultResponse,
  heartbeatPingsResponse,
  monitorOverviewResponse,
  monitorResponse,
  regionLatencyResponse,
  regionListResponse,
  statsResponse,
} from "@upwatch/api";
import { checkId, type Region, type StepResult } from "@upwatch/core";
import type { CheckResultTable } from "@upwatch/db";
import type { z } from "zod";
import type { Monitor } from "../records/monitor-record.ts";
import type { MonitorStats } from "../services/checks/monitor-stats.ts";
import type { RegionLatency } from "../services/checks/region-latency.ts";
import type { HeartbeatView } from "../services/heartbeats/load-heartbeats.ts";
import type { MonitorOverview } from "../services/monitors/get-monitor-overview.ts";
import { type MonitorAgent, runnerProblem } from "../services/monitors/monitor-agents.ts";
import { maskSecrets } from "../services/monitors/secret-options.ts";
import type { RegionStatus } from "../services/regions/list-regions.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

/**
 * A monitor as the API shows it; `served` (the regions served now) names the monitor's regions
 * nobody checks. Without it none is named. `agents` (`loadMonitorAgents`) holds the agent it runs
 * from; without them an agent-run monitor's agent and problem are not told. `heartbeats`
 * (`loadHeartbeats`) hold a heartbeat monitor's ping URL and last pings.
 */
export function presentMonitor(
  monitor: Monitor,
  served?: ReadonlySet<Region>,
  agents?: ReadonlyMap<string, MonitorAgent>,
  heartbeats?: ReadonlyMap<string, HeartbeatView>,
): z.infer<typeof monitorResponse> {
  const agent = monitor.agent_id ? agents?.get(monitor.agent_id) : undefined;
  const heartbeat = monitor.type === "heartbeat" ? heartbeats?.get(monitor.id) : undefined;
  return {
    id: monitor.id,
    name: monitor.name,
    type: monitor.type,
    target: monitor.target,
    interval_seconds: monitor.interval_seconds,
    timeout_seconds: monitor.timeout_seconds,
    region: monitor.region,
    regions: monitor.regions,
    region_rule: monitor.region_rule,
    unserved_regions:
      served && monitor.run_from === "regions" && monitor.type !== "heartbeat"
        ? monitor.regions.filter((region) => !served.has(region))
        : [],
    run_from: monitor.run_from,
    agent_id: monitor.run_from === "agent" ? monitor.agent_id : null,
    agent:
      monitor.run_from === "agent" && agent
        ? {
            id: agent.id,
            name: agent.name,
            status: agent.status,
            proxy_capable: agent.proxy_capable,
          }
        : null,
    runner_problem: agents ? runnerProblem(monitor, agent) : null,
    failure_threshold: monitor.failure_threshold,
    recovery_confirmations: monitor.recovery_confirmations,
    paused: monitor.paused,
    group_ids: monitor.group_ids,
    options: maskSecrets(monitor.options),
    heartbeat: heartbeat ? presentHeartbeat(heartbeat) : null,
    state: monitor.state,
    consecutive_failures: monitor.consecutive_failures,
    last_checked_at: isoTimeOrNull(monitor.last_checked_at),
    created_at: isoTime(monitor.created_at),
    updated_at: isoTime(monitor.updated_at),
  };
}

function presentHeartbeat(
  view: HeartbeatView,
): NonNullable<z.infer<typeof monitorResponse>["heartbeat"]> {
  return { ping_url: view.pingUrl, ...presentHeartbeatPings(view) };
}

/** What a heartbeat's last pings said, as the API and the live `heartbeat` event show it. */
export function presentHeartbeatPings(
  view: Omit<HeartbeatView, "pingUrl">,
): z.infer<typeof heartbeatPingsResponse> {
  return {
    last_ping_at: isoTimeOrNull(view.lastPingAt),
    last_started_at: isoTimeOrNull(view.lastStartedAt),
    last_run_ms: view.lastRunMs,
    last_signal: view.lastSignal,
    last_body: view.lastBody,
  };
}

/** One monitor of the list screen's overview. */
export function presentOverview(
  overview: MonitorOverview,
): z.infer<typeof monitorOverviewResponse>["data"][number] {
  return {
    monitor_id: overview.monitorId,
    status: overview.status,
    regions: overview.regions,
    last_checked_at: isoTimeOrNull(overview.lastCheckedAt),
    last_response_time_ms: overview.lastResponseTimeMs,
    uptime_24h: overview.uptime24h,
    bars: overview.bars.map((bar) => ({ start: isoTime(bar.start), up: bar.up, down: bar.down })),
  };
}

/** One stored check as the API shows it; phases only when the plan includes them. */
export function presentCheck(
  row: CheckResultTable,
  withPhases: boolean,
): z.infer<typeof checkResultResponse> {
  return {
    id: checkId(row.checked_at, row.region),
    checked_at: isoTime(row.checked_at),
    planned_at: isoTime(row.planned_at),
    status: row.up === 1 ? "up" : "down",
    response_time_ms: row.response_ms,
    timings: withPhases
      ? {
          dns_ms: row.dns_ms,
          connect_ms: row.connect_ms,
          tls_ms: row.tls_ms,
          first_byte_ms: row.first_byte_ms,
        }
      : null,
    status_code: row.status_code,
    error: row.error,
    region: row.region as z.infer<typeof checkResultResponse>["region"],
    steps: stepsOf(row.steps),
  };
}

/** The stored steps of a multi-step run (already masked by the runner); null for other types. */
function stepsOf(stored: string | null | undefined): StepResult[] | null {
  if (!stored) return null;
  try {
    return JSON.parse(stored) as StepResult[];
  } catch {
    return null;
  }
}

export function presentStats(stats: MonitorStats): z.infer<typeof statsResponse> {
  return {
    range: stats.range,
    from: isoTime(stats.from),
    to: isoTime(stats.to),
    source: stats.source,
    checks: stats.checks,
    up_checks: stats.upChecks,
    uptime_percent: stats.uptimePercent,
    response_time: { average_ms: stats.averageResponseMs, p95_ms: stats.p95ResponseMs },
    phases: stats.phases
      ? {
          dns_ms: stats.phases.dnsMs,
          connect_ms: stats.phases.connectMs,
          tls_ms: stats.phases.tlsMs,
          first_byte_ms: stats.phases.firstByteMs,
        }
      : null,
    regions: stats.regions.map((region) => ({
      region: region.region,
      uptime_percent: region.uptimePercent,
      checks: region.checks,
      missed: region.missed,
      avg_response_ms: region.averageResponseMs,
      p50_response_ms: region.p50ResponseMs,
      p95_response_ms: region.p95ResponseMs,
    })),
  };
}

/** The per-region latency series of a monitor. */
export function presentRegionLatency(
  latency: RegionLatency,
): z.infer<typeof regionLatencyResponse> {
  return {
    period: latency.period,
    bucket_seconds: latency.bucketSeconds,
    regions: latency.regions.map((series) => ({
      region: series.region,
      points: series.points.map((point) => ({
        t: point.start,
        avg_ms: point.averageMs,
        p95_ms: point.p95Ms,
        uptime_percent: point.uptimePercent,
        checks: point.checks,
        missed: point.missed,
      })),
    })),
  };
}

/** The region catalogue as this deployment serves it. */
export function presentRegions(regions: RegionStatus[]): z.infer<typeof regionListResponse> {
  return {
    regions: regions.map((status) => ({
      region: status.region,
      location: status.location,
      served: status.served,
      local: status.local,
      runners: status.runners,
      outage_since: status.outageSince,
    })),
  };
}
