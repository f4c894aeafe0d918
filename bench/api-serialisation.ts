// What checking answers against their response schemas costs: the two biggest everyday answers
// (1,000 monitors, and the overview of 1,000 monitors with 48 bars each) written with
// JSON.stringify alone, and through the response schema as the API now writes them.
//   npm run bench:api-serialisation
import { monitorListResponse, monitorOverviewResponse } from "@upwatch/api";
import type { z } from "zod";

const RUNS = 200;
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.UTC(2026, 10, 2);

const monitors = {
  data: Array.from({ length: 1000 }, (_, i) => ({
    id: `mon_${i}`,
    name: `Monitor ${i}`,
    type: "http" as const,
    target: "https://example.com/",
    interval_seconds: 60,
    timeout_seconds: 30,
    region: "us-west-1" as const,
    failure_threshold: 3,
    recovery_confirmations: 1,
    paused: false,
    group: null,
    options: { method: "GET", headers: {}, expected_status_codes: [], follow_redirects: true },
    state: "up" as const,
    consecutive_failures: 0,
    last_checked_at: iso(NOW),
    created_at: iso(NOW),
    updated_at: iso(NOW),
  })),
};
const overview = {
  data: Array.from({ length: 1000 }, (_, i) => ({
    monitor_id: `mon_${i}`,
    status: "up" as const,
    last_checked_at: iso(NOW),
    last_response_time_ms: 120,
    uptime_24h: 99.9,
    bars: Array.from({ length: 48 }, (_, b) => ({
      start: iso(NOW + b * 1_800_000),
      up: 30,
      down: 0,
    })),
  })),
};

function median(write: () => string): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    write();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

function measure(name: string, schema: z.ZodType, answer: unknown): void {
  const plain = median(() => JSON.stringify(answer));
  const checked = median(() => JSON.stringify(schema.parse(answer)));
  console.log(
    `${name.padEnd(22)} JSON.stringify ${plain.toFixed(2)} ms, through the schema ${checked.toFixed(2)} ms (median of ${RUNS})`,
  );
}

measure("1,000 monitors", monitorListResponse, monitors);
measure("overview of 1,000", monitorOverviewResponse, overview);
