import type { AgentMetricName } from "@upwatch/core";
import type { AgentMetricPoint } from "../../agents/agent-metrics.ts";
import { getAgentMetrics } from "../../agents/get-agent-metrics.ts";
import { findOwnedAgent } from "../../agents/owned-agent.ts";
import { customSeriesPoints } from "../../custom-metrics/custom-series-points.ts";
import type { WidgetLoader } from "./widget-loader.ts";

type BuiltIn = Exclude<AgentMetricName, "custom">;

const SERIES: Record<
  BuiltIn,
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

/** One of an agent's figures over the range: a built-in one from its charts, or a custom series. */
export const loadAgentMetric: WidgetLoader<"agent_metric"> = async ({ ctx, access }, settings) => {
  const agent = await findOwnedAgent(ctx.db, access, settings.agent_id);
  const shown = { type: "agent_metric", agent_name: agent.name, range: settings.range } as const;
  if (settings.metric === "custom") {
    const custom = await customSeriesPoints(
      ctx,
      access,
      settings.agent_id,
      settings.series_id ?? "",
      settings.range,
    );
    return {
      ...shown,
      metric: "custom",
      series_name: custom.series.series_key,
      unit: "value",
      points: custom.points.map((point) => ({ at: point.at, value: point.value })),
    };
  }
  const metrics = await getAgentMetrics(ctx, access, settings.agent_id, settings.range);
  const series = SERIES[settings.metric];
  return {
    ...shown,
    metric: settings.metric,
    series_name: null,
    unit: series.unit,
    points: metrics.points.map((point) => ({ at: point.at, value: series.value(point) })),
  };
};
