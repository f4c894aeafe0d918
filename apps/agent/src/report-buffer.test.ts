import type { AgentSample } from "@upwatch/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeUpwatch } from "../test/fake-upwatch.ts";
import { ApiClient } from "./client/api-client.ts";
import { createLog } from "./log.ts";
import { ReportBuffer, type ReportBufferOptions } from "./report-buffer.ts";

const KEY = `uwa_${"k".repeat(40)}`;
const HOUR = 3_600_000;

function sample(sampled_at: number): AgentSample {
  return {
    sampled_at,
    cpu_percent: 12.5,
    cores: 4,
    load: { one: 0.5, five: 0.4, fifteen: 0.3 },
    memory: { total_bytes: 1000, used_bytes: 400, available_bytes: 600 },
    network: { rx_bytes_per_second: 10, tx_bytes_per_second: 5 },
    disks: [{ mount: "/", description: "", total_bytes: 100, used_bytes: 50 }],
    services: [],
  };
}

let server: FakeUpwatch;
let client: ApiClient;
let clock: number;
let lines: string[];

function buffer(key = KEY): ReportBuffer {
  const keyed = key === KEY ? client : new ApiClient({ ...clientOptions, apiKey: key });
  return bufferSendingWith((batch) => keyed.sendReports(batch));
}

function bufferSendingWith(send: ReportBufferOptions["send"]): ReportBuffer {
  return new ReportBuffer({
    send,
    envelope: () => ({
      agent: {
        version: "2.1.0",
        hostname: "db-primary",
        platform: "Debian",
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
    }),
    log: createLog("debug", { out: (line) => lines.push(line), err: (line) => lines.push(line) }),
    now: () => clock,
    random: () => 0.5,
  });
}

let clientOptions: ConstructorParameters<typeof ApiClient>[0];

beforeEach(async () => {
  server = new FakeUpwatch(KEY);
  const url = await server.start();
  clientOptions = {
    apiUrl: url,
    apiKey: KEY,
    timeoutSeconds: 5,
    userAgent: "upwatch-agent/2.1.0 (linux; x64)",
  };
  client = new ApiClient(clientOptions);
  clock = 1_800_000_000_000;
  lines = [];
});

afterEach(async () => {
  client.close();
  await server.stop();
});

describe("the report buffer", () => {
  it("keeps reports while the server refuses them and delivers every one, oldest first, when it accepts", async () => {
    let down = true;
    server.answerReports = () =>
      down ? { status: 503, detail: "Upwatch is starting." } : { status: 200 };
    const reports = buffer();
    for (let i = 0; i < 3; i++) {
      reports.add(sample(clock));
      expect(await reports.flush()).toMatch(/retry-later|backing-off/);
      clock += 60_000;
    }
    expect(reports.size).toBe(3);
    expect(lines.some((line) => line.includes("HTTP 503: Upwatch is starting."))).toBe(true);
    down = false;
    clock += 10 * 60_000;
    expect(await reports.flush()).toBe("empty");
    expect(reports.size).toBe(0);
    const times = server.stored.map((report) => report.sampled_at);
    expect(times).toEqual([1_800_000_000_000, 1_800_000_060_000, 1_800_000_120_000]);
  });

  it("waits out its backoff after a failure unless told to hurry", async () => {
    server.answerReports = () => ({ status: 500 });
    const reports = buffer();
    reports.add(sample(clock));
    expect(await reports.flush()).toBe("retry-later");
    expect(reports.retryInMs).toBe(5_000);
    expect(await reports.flush()).toBe("backing-off");
    server.answerReports = () => ({ status: 200 });
    expect(await reports.flush(true)).toBe("empty");
    expect(server.stored).toHaveLength(1);
  });

  it("backs off with jitter but never waits more than a minute between tries", async () => {
    server.answerReports = () => ({ status: 503 });
    const waits: number[] = [];
    for (const random of [0, 0.5, 1]) {
      const reports = new ReportBuffer({
        send: (batch) => client.sendReports(batch),
        envelope: () => ({
          agent: {
            version: "2.1.0",
            hostname: "db-primary",
            platform: "Debian",
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
        }),
        log: createLog("error", { out: () => {}, err: () => {} }),
        now: () => clock,
        random: () => random,
      });
      reports.add(sample(clock));
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(await reports.flush(true)).toBe("retry-later");
        waits.push(reports.retryInMs);
      }
    }
    expect(Math.max(...waits)).toBe(60_000);
    expect(waits.slice(0, 5)).toEqual([4_000, 8_000, 16_000, 32_000, 48_000]);
    expect(waits.slice(10, 14)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(waits.slice(20, 24)).toEqual([6_000, 12_000, 24_000, 48_000]);
  });

  it("waits as long as a 429's Retry-After asks, up to five minutes", async () => {
    const reports = buffer();
    reports.add(sample(clock));
    server.answerReports = () => ({ status: 429, detail: "Slow down.", retryAfter: "90" });
    expect(await reports.flush()).toBe("retry-later");
    expect(reports.retryInMs).toBe(90_000);
    server.answerReports = () => ({ status: 429, retryAfter: "86400" });
    expect(await reports.flush(true)).toBe("retry-later");
    expect(reports.retryInMs).toBe(300_000);
    server.answerReports = () => ({ status: 429 });
    expect(await reports.flush(true)).toBe("retry-later");
    expect(reports.retryInMs).toBe(20_000);
    server.answerReports = () => ({ status: 200 });
    expect(await reports.flush(true)).toBe("empty");
    expect(server.stored).toHaveLength(1);
  });

  it("keeps a batch's id across retries so a batch the server already stored counts as delivered", async () => {
    const sent: string[] = [];
    // The first answer is lost after the server stored the batch, so the retry meets a 409.
    const replaying = bufferSendingWith(async (batch) => {
      sent.push(batch.batch_id);
      const answer = await client.sendReports(batch);
      if (sent.length === 1) throw new Error("connection reset after the server answered");
      return answer;
    });
    replaying.add(sample(clock));
    expect(await replaying.flush()).toBe("retry-later");
    expect(await replaying.flush(true)).toBe("empty");
    expect(sent[0]).toBe(sent[1]);
    expect(server.stored).toHaveLength(1);
    expect(replaying.size).toBe(0);
    expect(lines.some((line) => line.includes("already had batch"))).toBe(true);
  });

  it("sends at most 60 reports per batch, oldest batch first", async () => {
    const reports = buffer();
    for (let i = 0; i < 130; i++) reports.add(sample(clock + i * 10_000));
    clock += 130 * 10_000;
    expect(await reports.flush()).toBe("empty");
    expect(server.batches.map((batch) => batch.reports.length)).toEqual([60, 60, 10]);
    const times = server.stored.map((report) => report.sampled_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(server.batches.map((batch) => batch.batch_id)).size).toBe(3);
  });

  it("keeps one hour of reports and drops the oldest beyond it with a warning", async () => {
    server.answerReports = () => ({ status: 503 });
    const reports = buffer();
    const start = clock;
    for (let minute = 0; minute <= 90; minute++) {
      clock = start + minute * 60_000;
      reports.add(sample(clock));
    }
    expect(reports.size).toBe(61);
    expect(lines.some((line) => line.includes("Dropped the 1 oldest report"))).toBe(true);
    server.answerReports = () => ({ status: 200 });
    await reports.flush(true);
    expect(server.stored[0]!.sampled_at).toBe(clock - HOUR);
    expect(server.stored).toHaveLength(61);
  });

  it("drops a batch the server refuses as bad and logs the server's sentence", async () => {
    server.answerReports = (batch) =>
      batch.reports.length === 1 && batch.reports[0]!.cpu_percent === 12.5
        ? { status: 400, detail: "Report 0: cpu_percent must be between 0 and 100." }
        : { status: 200 };
    const reports = buffer();
    reports.add(sample(clock));
    expect(await reports.flush()).toBe("empty");
    expect(reports.size).toBe(0);
    expect(
      lines.some(
        (line) => line.includes("ERROR") && line.includes("cpu_percent must be between 0 and 100."),
      ),
    ).toBe(true);
  });

  for (const status of [400, 422]) {
    it(`sends a batch refused with HTTP ${status} for text the server cannot store once, drops it and delivers the next`, async () => {
      const detail =
        "Report 1 of the batch: reports[0].services[0].name: A service name must not contain NUL characters or broken Unicode.";
      const refused = clock;
      let asked = 0;
      server.answerReports = (batch) => {
        asked += 1;
        return batch.reports[0]!.sampled_at === refused ? { status, detail } : { status: 200 };
      };
      const reports = buffer();
      reports.add(sample(clock));
      expect(await reports.flush()).toBe("empty");
      expect(await reports.flush()).toBe("empty");
      expect(asked).toBe(1);
      expect(reports.size).toBe(0);
      expect(lines.some((line) => line.includes("ERROR") && line.includes(detail))).toBe(true);
      clock += 60_000;
      reports.add(sample(clock));
      expect(await reports.flush()).toBe("empty");
      expect(asked).toBe(2);
      expect(server.stored.map((report) => report.sampled_at)).toEqual([clock]);
    });
  }

  it("logs a refused key as an error every time and keeps the reports", async () => {
    const reports = buffer(`uwa_${"x".repeat(40)}`);
    reports.add(sample(clock));
    expect(await reports.flush()).toBe("key-refused");
    expect(await reports.flush()).toBe("key-refused");
    expect(reports.size).toBe(1);
    expect(
      lines.filter(
        (line) => line.includes("ERROR") && line.includes("This agent key is not valid"),
      ),
    ).toHaveLength(2);
  });

  it("keeps reports while nothing listens at the server's address", async () => {
    const nowhere = new ApiClient({ ...clientOptions, apiUrl: "http://127.0.0.1:9" });
    const reports = bufferSendingWith((batch) => nowhere.sendReports(batch));
    reports.add(sample(clock));
    expect(await reports.flush()).toBe("retry-later");
    expect(reports.size).toBe(1);
    expect(lines.some((line) => line.includes("refused the connection"))).toBe(true);
  });
});
