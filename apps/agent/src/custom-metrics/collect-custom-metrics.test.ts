import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomMetricSource } from "../config/custom-metric-sources.ts";
import { createCustomMetricsCollector } from "./collect-custom-metrics.ts";
import { stopMetricCommands } from "./run-metric-command.ts";

let dir: string;
const node = process.execPath;
const command = (script: string, extra: Partial<CustomMetricSource> = {}): CustomMetricSource =>
  ({
    kind: "command",
    command: [node, "-e", script],
    timeout: 10,
    interval: null,
    max_series: 100,
    ...extra,
  }) as CustomMetricSource;
/** Whether a process runs: not gone, and not a zombie waiting for a parent that was killed. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
const collect = (sources: CustomMetricSource[]) => createCustomMetricsCollector(sources)();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "custom-metrics-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("collecting custom metrics", () => {
  it("runs a command without a shell and reads what it prints", async () => {
    const result = await collect([
      command('console.log("queue_depth{queue=\\"mail\\"} 42\\n# TYPE x gauge\\nx 1")'),
    ]);
    expect(result).toEqual({
      series: [
        { name: "queue_depth", labels: { queue: "mail" }, value: 42 },
        { name: "x", labels: {}, value: 1 },
      ],
      problems: [],
    });
    const literal = await collect([
      command("", {
        command: [
          node,
          "-e",
          "console.log('argument_length ' + process.argv[1].length)",
          "$HOME;x",
        ],
      }),
    ]);
    expect(literal.series).toEqual([{ name: "argument_length", labels: {}, value: 7 }]);
  });

  it("stops a command that runs past its timeout and says so", async () => {
    const result = await collect([command("setInterval(() => {}, 1000)", { timeout: 1 })]);
    expect(result.series).toEqual([]);
    expect(result.problems).toEqual([
      `The command ${node} -e setInterval(() => {}, 1000) ran longer than 1 s and was stopped.`,
    ]);
  });

  it("refuses a command that fails or prints too much", async () => {
    const failed = await collect([command('console.error("no database"); process.exit(3)')]);
    expect(failed.problems[0]).toMatch(/exited with code 3: no database\.$/);
    const loud = await collect([command('process.stdout.write("a 1\\n".repeat(100000))')]);
    expect(loud.series).toEqual([]);
    expect(loud.problems[0]).toContain("printed more than 256 KiB and was stopped");
    const missing = await collect([
      command("", { command: ["/nonexistent/upwatch-metric-command"] }),
    ]);
    expect(missing.problems[0]).toContain("could not start");
  });

  it("reads the .prom files of a textfile directory and ignores files being written", async () => {
    writeFileSync(join(dir, "backup.prom"), "backup_age_seconds 3600\n");
    writeFileSync(join(dir, "raid.prom"), 'raid_degraded{md="md0"} 0\n');
    writeFileSync(join(dir, "raid.prom.12345"), "half_written 1");
    const result = await collect([{ kind: "textfile", textfile_directory: dir, max_series: 100 }]);
    expect(result).toEqual({
      series: [
        { name: "backup_age_seconds", labels: {}, value: 3600 },
        { name: "raid_degraded", labels: { md: "md0" }, value: 0 },
      ],
      problems: [],
    });
  });

  it("keeps a source to its max_series and skips a series an earlier source gave", async () => {
    const result = await collect([
      command('console.log("a 1\\nb 2\\nc 3")', { max_series: 2 }),
      command('console.log("a 9\\nd 4")'),
    ]);
    expect(result.series.map((s) => s.name)).toEqual(["a", "b", "d"]);
    expect(result.problems).toEqual([
      `The command ${node} -e console.log("a 1\\nb 2\\nc 3") has 3 series; only the first 2 (its max_series) are reported.`,
      `The command ${node} -e console.log("a 9\\nd 4") repeats the series a of an earlier source; it is skipped.`,
    ]);
  });

  it("reports at most 200 series in all", async () => {
    const many = (prefix: string) =>
      command(`for (let i = 0; i < 150; i++) console.log("${prefix}" + i + " 1")`, {
        max_series: 200,
      });
    const result = await collect([many("first_"), many("second_")]);
    expect(result.series).toHaveLength(200);
    expect(result.problems).toEqual([
      "The sources have more than 200 series in all; those after the first 200 are not reported.",
    ]);
  });

  it("runs a command with an interval only when it is due, reporting its last output between", async () => {
    let now = 1_000_000;
    const file = join(dir, "runs.txt");
    writeFileSync(file, "");
    const script = `const fs = require("fs"); fs.appendFileSync(${JSON.stringify(file)}, "x"); console.log("runs " + fs.readFileSync(${JSON.stringify(file)}, "utf8").length)`;
    const collector = createCustomMetricsCollector([command(script, { interval: 60 })], () => now);
    expect((await collector()).series).toEqual([{ name: "runs", labels: {}, value: 1 }]);
    now += 30_000;
    expect((await collector()).series).toEqual([{ name: "runs", labels: {}, value: 1 }]);
    now += 30_000;
    expect((await collector()).series).toEqual([{ name: "runs", labels: {}, value: 2 }]);
  });

  it("stops a running command when the agent stops, child processes included", async () => {
    const pidFile = join(dir, "grandchild.pid");
    const script = `const { spawn } = require("child_process"); const c = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }); require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setInterval(() => {}, 1000);`;
    const collecting = collect([command(script, { timeout: 60 })]);
    while (!existsSync(pidFile) || readFileSync(pidFile, "utf8") === "") {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stopMetricCommands();
    const result = await collecting;
    expect(result.problems[0]).toMatch(/was stopped with the agent\.$/);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    for (let tries = 0; tries < 100 && isRunning(grandchild); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isRunning(grandchild)).toBe(false);
  });
});
