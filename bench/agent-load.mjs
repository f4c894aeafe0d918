// A load generator for bench/agents.ts, run in its own process: each of the agents it is given
// posts a report every 60 s and polls for tasks every 30 s, spread evenly over the period, on
// keep-alive connections; it sends back the latency of every request made in the measured window.
import { Agent, request } from "node:http";

// A benchmark that dies, even by SIGKILL, closes this channel: end with it rather than outlive it.
process.on("disconnect", () => process.exit(0));

const REPORT_MS = 60_000;
const POLL_MS = 30_000;
const TICK_MS = 5;

const { url, keys, offset, total, measureFrom, measureTo, endAt } = await new Promise((resolve) =>
  process.once("message", resolve),
);
const target = new URL(url);
const pool = new Agent({ keepAlive: true, maxSockets: 512 });
const latencies = { report: [], poll: [] };
const statuses = {};
let batchCounter = 0;

function send(method, path, key, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent: pool,
        headers: {
          authorization: `Bearer ${key}`,
          "user-agent": "upwatch-agent/2.0.0 (linux; x64)",
          ...(body
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

function batch(now) {
  batchCounter += 1;
  return JSON.stringify({
    batch_id: `bench_${process.pid}_${batchCounter}`,
    sent_at: now,
    agent: {
      version: "2.0.0",
      hostname: "bench-host",
      platform: "Debian GNU/Linux 12",
      arch: "x64",
      capabilities: [],
    },
    config: {
      monitoring_interval: 60,
      cpu_threshold: 80,
      memory_threshold: 85,
      disk_threshold: 90,
      log_level: "info",
    },
    reports: [
      {
        sampled_at: now - 50,
        cpu_percent: Math.round(Math.random() * 1000) / 10,
        cores: 4,
        load: { one: 0.52, five: 0.4, fifteen: 0.31 },
        memory: {
          total_bytes: 8_000_000_000,
          used_bytes: 3_000_000_000 + Math.floor(Math.random() * 1e9),
          available_bytes: 4_000_000_000,
        },
        network: { rx_bytes_per_second: 12_000, tx_bytes_per_second: 8_000 },
        disks: [
          { mount: "/", description: "System", total_bytes: 100e9, used_bytes: 40e9 },
          { mount: "/var", description: "Data", total_bytes: 500e9, used_bytes: 220e9 },
        ],
        services: [
          { name: "nginx", state: "running" },
          { name: "postgresql", state: "running" },
        ],
      },
    ],
  });
}

function record(kind, result, startedAt) {
  const key = `${kind} ${result.status}`;
  statuses[key] = (statuses[key] ?? 0) + 1;
  if (startedAt >= measureFrom && startedAt < measureTo && result.status === 200) {
    latencies[kind].push(result.ms);
  }
}

// Agent i of all `total` reports at (offset + i)/total of the minute and polls at the same share
// of the half-minute: each kind's requests are due in key order, so one cursor per kind follows them.
const start = Date.now();
const dueAt = (count, period) =>
  start +
  ((offset + (count % keys.length)) / total) * period +
  Math.floor(count / keys.length) * period;
const sent = { report: 0, poll: 0 };
const inFlight = new Set();
function track(promise) {
  inFlight.add(promise);
  promise.finally(() => inFlight.delete(promise));
}
await new Promise((resolve) => {
  const timer = setInterval(() => {
    const now = Date.now();
    if (now >= endAt) {
      clearInterval(timer);
      resolve();
      return;
    }
    while (dueAt(sent.report, REPORT_MS) <= now) {
      const key = keys[sent.report % keys.length];
      sent.report += 1;
      track(
        send("POST", "/agent/v1/reports", key, batch(now)).then((r) => record("report", r, now)),
      );
    }
    while (dueAt(sent.poll, POLL_MS) <= now) {
      const key = keys[sent.poll % keys.length];
      sent.poll += 1;
      track(send("GET", "/agent/v1/tasks", key).then((r) => record("poll", r, now)));
    }
  }, TICK_MS);
});
await Promise.all(inFlight);
pool.destroy();
const usage = process.cpuUsage();
// The answer is large: the process ends once it has been handed over.
process.send({ latencies, statuses, cpuMs: (usage.user + usage.system) / 1000 }, () =>
  process.exit(0),
);
