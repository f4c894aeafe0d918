import type { CustomSeries } from "@upwatch/api";
import type { AgentCustomSeriesTable } from "@upwatch/db";
import { readStoredJson } from "../../records/stored-json.ts";
import { isoTime } from "../../time.ts";

/** A stored series as the API shows it. */
export function presentCustomSeries(row: AgentCustomSeriesTable): CustomSeries {
  return {
    id: row.id,
    name: row.name,
    labels: readStoredJson<Record<string, string>>(row.labels) ?? {},
    series_key: row.series_key,
    last_value: row.last_value === null ? null : Number(row.last_value),
    first_seen_at: isoTime(row.first_seen_at),
    last_seen_at: isoTime(row.last_seen_at),
  };
}
