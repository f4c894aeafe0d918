// `npm test`: type check, lint and format check, unit and integration tests (SQLite, and
// PostgreSQL when reachable), then browser tests in Chromium. `--fast` stops before the browser.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./build.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePing } from "./ensure-ping.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const fast = process.argv.includes("--fast");
const reports = mkdtempSync(join(tmpdir(), "upwatch-test-report-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

function vitest(title, config, name) {
  const report = join(reports, `${name}.json`);
  const args = [
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
  run(title, "npx", args);
  try {
    const summary = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

run("Type check", "npx", ["tsc", "-p", "tsconfig.json"]);
run("Lint and format check", "npx", ["biome", "check", "."]);
if (!ensurePing()) failures.push("Ping program (iputils-ping) missing");
vitest("Unit and integration tests", "vitest.config.ts", "unit");

if (!fast) {
  console.log("\n▶ Browser tests: preparing Chromium and the build (web app and server)");
  if (ensureChromium()) {
    await ensureBuild();
    vitest("Browser tests", "vitest.browser.config.ts", "browser");
  } else {
    failures.push("Browser tests (no Chromium)");
  }
}

rmSync(reports, { recursive: true, force: true });
console.log("");
if (failures.length) console.log(`Failed steps: ${failures.join("; ")}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
