import { queryOptions } from "@tanstack/react-query";
import type { CustomSeries, CustomSeriesPoints } from "@upwatch/api";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { AGENT_REFRESH_MS, type AgentMetricRange } from "./agents-api.ts";

export type { CustomSeries, CustomSeriesPoints };

/** The agent's custom series, and why they are refused when the plan has none. */
export const customSeriesQuery = (id: string) =>
  queryOptions({
    queryKey: ["agent", id, "custom-series"] as const,
    queryFn: () => call(OP.listCustomSeries, { params: { id } }),
    refetchInterval: AGENT_REFRESH_MS,
  });

/** One custom series' values over a chart range. */
export const customSeriesPointsQuery = (id: string, seriesId: string, range: AgentMetricRange) =>
  queryOptions({
    queryKey: ["agent", id, "custom-series", seriesId, range] as const,
    queryFn: () => call(OP.getCustomSeriesPoints, { params: { id, seriesId }, query: { range } }),
    refetchInterval: AGENT_REFRESH_MS,
  });

/** "1,250", "0.0042", "3.14": a custom metric's value in four significant digits. */
export function formatCustomValue(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "–";
  return Number(value.toPrecision(4)).toLocaleString("en-GB", { maximumFractionDigits: 12 });
}
