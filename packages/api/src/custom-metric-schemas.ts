import { storableText } from "@upwatch/core";
import { z } from "zod";
import { AGENT_METRICS_RANGES } from "./agent-schemas.ts";

const isoTime = z.string().describe("ISO 8601 time");
const id = (field: string) =>
  z
    .string({ message: `${field} must be an id.` })
    .check(storableText(field))
    .max(100, {
      message: `${field} is too long to be an id.`,
    });

/** Path and query of the custom metric operations. */
export const customMetricRequestSchemas = {
  agentParams: z.object({ id: id("The id in the path") }),
  seriesParams: z.object({
    id: id("The id in the path"),
    seriesId: id("The series id in the path"),
  }),
  pointsQuery: z.strictObject({
    range: z
      .enum(AGENT_METRICS_RANGES, {
        message: `range must be one of ${AGENT_METRICS_RANGES.join(", ")}.`,
      })
      .default("24h"),
  }),
};

/** One series of an agent's custom metrics. */
export const customSeriesResponse = z.object({
  id: z.string(),
  name: z.string(),
  labels: z.record(z.string(), z.string()),
  series_key: z.string().describe('The series as Prometheus writes it: name{label="value"}.'),
  last_value: z.number().nullable().describe("The newest value; null for NaN or infinite."),
  first_seen_at: isoTime,
  last_seen_at: isoTime,
});
export type CustomSeries = z.infer<typeof customSeriesResponse>;

export const customSeriesListResponse = z.object({
  data: z.array(customSeriesResponse),
  refused: z
    .string()
    .nullable()
    .describe("Why the agent's custom metrics are not stored (the plan); null when they are."),
});
export type CustomSeriesList = z.infer<typeof customSeriesListResponse>;

export const customSeriesPointsResponse = z.object({
  series: customSeriesResponse,
  range: z.enum(AGENT_METRICS_RANGES),
  from: isoTime,
  to: isoTime,
  bucket_seconds: z.number().int(),
  points: z.array(
    z.object({
      at: isoTime,
      value: z
        .number()
        .nullable()
        .describe("The average of the bucket; null when none was a number."),
      min: z.number().nullable(),
      max: z.number().nullable(),
    }),
  ),
});
export type CustomSeriesPoints = z.infer<typeof customSeriesPointsResponse>;
