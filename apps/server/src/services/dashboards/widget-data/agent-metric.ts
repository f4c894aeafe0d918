import type { AgentMetricName } from "@upwatch/core";
import type { AgentMetricPoint } from "../../agents/agent-metrics.ts";
import { getAgentMetrics } from "../../agents/get-agent-metrics.ts";
import { findOwnedAgent } from "../../agents/owned-agent.ts";
import type { WidgetLoader } from "./widget-loader.ts";

const SERIES: Record<
  AgentMetricName,
  {
    unit: "percent" | "load" | "bytes_per_second";
    value: (point: AgentMetricPoint) => number | null;
  }
> = {
  cpu: { unit: "percent", value: (point) => point.cpu_percent },
  memory: { unit: "percent", value: (point) => point.memory_used_percent },
  load1: { unit: "load", value: (point) => point.load1 },
  network_rx: { unit: "bytes_per_second", value: (point) => point.net_rx_bytes_per_second },
  network_tx: { unit: "bytes_per_second", value: (point) => point.net_tx_bytes_per_second },
};

/** One of an agent's built-in figures over the range, from the agent's chart data. */
export const loadAgentMetric: WidgetLoader<"agent_metric"> = async ({ ctx, access }, settings) => {
  const agent = await findOwnedAgent(ctx.db, access, settings.agent_id);
  const metrics = await getAgentMetrics(ctx, access, settings.agent_id, settings.range);
  const series = SERIES[settings.metric];
  return {
    type: "agent_metric",
    agent_name: agent.name,
    metric: settings.metric,
    range: settings.range,
    unit: series.unit,
    points: metrics.points.map((point) => ({ at: point.at, value: series.value(point) })),
  };
};
