// What checking answers against their response schemas costs: the two biggest everyday answers
// (1,000 monitors, and the overview of 1,000 monitors with 48 bars each) written with
// JSON.stringify alone, and through the response schema as the API now writes them.
//   npm run bench:api-serialisation
import { monitorListResponse, monitorOverviewResponse, type monitorResponse } from "@upwatch/api";
import type { z } from "zod";
import { SMOKE } from "./smoke.ts";

const RUNS = SMOKE ? 3 : 200;
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.UTC(2026, 10, 2);

// Typed by the response schema, so a field the answer gains fails the type check here first.
const monitors = {
  data: Array.from(
    { length: 1000 },
    (_, i): z.input<typeof monitorResponse> => ({
      id: `mon_${i}`,
      name: `Monitor ${i}`,
      type: "http",
      target: "https://example.com/",
      interval_seconds: 60,
      timeout_seconds: 30,
      region: "us-west-1",
      regions: ["us-west-1"],
      region_rule: "any",
      unserved_regions: [],
      run_from: "regions",
      agent_id: null,
      agent: null,
      runner_problem: null,
      failure_threshold: 3,
      recovery_confirmations: 1,
      paused: false,
      group_ids: [],
      options: { method: "GET", headers: {}, expected_status_codes: [], follow_redirects: true },
      heartbeat: null,
      state: "up",
      consecutive_failures: 0,
      last_checked_at: iso(NOW),
      created_at: iso(NOW),
      updated_at: iso(NOW),
    }),
  ),
};
const overview: z.input<typeof monitorOverviewResponse> = {
  data: Array.from({ length: 1000 }, (_, i) => ({
    monitor_id: `mon_${i}`,
    status: "up",
    regions: ["us-west-1"],
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
