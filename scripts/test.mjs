// `npm test`: type check, lint and format check, unit and integration tests (SQLite, and
// PostgreSQL when reachable), then browser tests in Chromium, then the system tests
// (the built product as separate processes), then every benchmark at its smallest size.
// `--fast` stops before the browser.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./build.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePing } from "./ensure-ping.mjs";
import { systemTestBlockers } from "./system-prerequisites.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const fast = process.argv.includes("--fast");
const reports = mkdtempSync(join(tmpdir(), "upwatch-test-report-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const notRun = [];

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

function vitestArgs(config, report) {
  return [
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
}

function countReport(report) {
  try {
    const summary = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    rememberFailedTests(summary);
  } catch {
    totals.failed += 1;
  }
}

// The failing tests are named again at the very end, where a long run's output is read first.
function rememberFailedTests(summary) {
  for (const file of summary.testResults ?? []) {
    const where = file.name.replace(root, "");
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      failedTests.push(`${where} > ${test.fullName}: ${failureReason(test.failureMessages?.[0])}`);
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).length) {
      failedTests.push(
        `${where}: ${String(file.message ?? "")
          .split("\n")[0]
          .slice(0, 300)}`,
      );
    }
  }
}

/**
 * The first line of a failure, or for a time limit (which vitest reports with the placeholder
 * message of the stack it keeps) that it timed out and where the test or hook was declared.
 */
function failureReason(message) {
  const lines = String(message ?? "").split("\n");
  if (!lines[0].includes("STACK_TRACE_ERROR")) return lines[0].slice(0, 300);
  const declared = lines.find((line) => line.includes(root) && !line.includes("node_modules"));
  return `timed out (test or hook time limit)${declared ? `, declared ${declared.trim().replace(root, "")}` : ""}`;
}

function vitest(title, config, name) {
  const report = join(reports, `${name}.json`);
  run(title, "npx", vitestArgs(config, report));
  countReport(report);
}

/**
 * Starts the system tests with their output kept in a file; the returned function waits for
 * them and prints it. They refuse to run without root, the ip command, redis-server or
 * PostgreSQL: an error under CI=true, and otherwise a loud "not run" in the summary, never a
 * silent pass.
 */
async function startSystemTests() {
  const title = "System tests (server, broker and runners as processes)";
  const blockers = await systemTestBlockers();
  if (blockers.length) {
    const reason = `${title} cannot run: ${blockers.join("; ")}`;
    if (process.env.CI === "true") {
      failures.push(reason);
      console.error(`\n▶ ${reason}`);
    } else {
      notRun.push(reason);
      const line = "!".repeat(78);
      console.warn(
        `\n${line}\n  ${reason}.\n  They are NOT run; CI=true makes this an error.\n${line}`,
      );
    }
    return async () => {};
  }
  console.log(`\n▶ ${title}: running`);
  const report = join(reports, "system.json");
  const logFile = join(reports, "system.log");
  const log = openSync(logFile, "w");
  const child = spawn("npx", vitestArgs("vitest.system.config.ts", report), {
    cwd: root,
    stdio: ["ignore", log, log],
  });
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  return async () => {
    const code = await exited;
    closeSync(log);
    console.log(`\n▶ ${title}`);
    console.log(readFileSync(logFile, "utf8"));
    if (code !== 0) failures.push(title);
    countReport(report);
  };
}

run("Type check", "npx", ["tsc", "-p", "tsconfig.json"]);
run("Lint and format check", "npx", ["biome", "check", "."]);
if (!ensurePing()) failures.push("Ping program (iputils-ping) missing");
vitest("Unit and integration tests", "vitest.config.ts", "unit");

if (!fast) {
  console.log(
    "\n▶ Browser tests: preparing Chromium and the build (web app, server, runner and agent)",
  );
  const chromium = ensureChromium();
  await ensureBuild({ parts: ["web", "server", "runner", "agent"] });
  if (chromium) {
    vitest("Browser tests", "vitest.browser.config.ts", "browser");
  } else {
    failures.push("Browser tests (no Chromium)");
  }
  // After the browser tests, not beside them: the processes they start would load both cores
  // while pages wait for their scripts.
  const finishSystemTests = await startSystemTests();
  await finishSystemTests();
  // Every benchmark once at its smallest size, on the build made above, so none stops working
  // unseen; the figures are not judged.
  vitest("Benchmark smoke runs", "vitest.bench.config.ts", "bench");
}

rmSync(reports, { recursive: true, force: true });
console.log("");
for (const test of failedTests) console.log(`FAILED: ${test}`);
if (failures.length) console.log(`Failed steps: ${failures.join("; ")}`);
for (const reason of notRun) console.log(`NOT RUN: ${reason}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
