import type { ApiOperation } from "./api-operation.ts";
import {
  customSeriesListResponse,
  customSeriesPointsResponse,
  customMetricRequestSchemas as input,
} from "./custom-metric-schemas.ts";

const SERIES = "/agents/:id/custom-metrics";
const tag = "Agents" as const;

/** An agent's custom metrics (Enterprise+ and self-hosted): its series and their values. */
export const CUSTOM_METRIC_OPERATIONS = {
  listCustomSeries: {
    method: "GET",
    url: SERIES,
    permission: "view",
    summary: "The agent's custom metric series, newest value first reported",
    tag,
    params: input.agentParams,
    status: 200,
    response: customSeriesListResponse,
  },
  getCustomSeriesPoints: {
    method: "GET",
    url: `${SERIES}/:seriesId`,
    permission: "view",
    summary: "One custom metric series' values over 1h, 6h, 24h, 7d or 30d",
    tag,
    params: input.seriesParams,
    query: input.pointsQuery,
    status: 200,
    response: customSeriesPointsResponse,
  },
} as const satisfies Record<string, ApiOperation>;
