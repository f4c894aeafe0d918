// The site quality bar, measured: `npm run bench:site`. Builds the web app, serves it as
// production does, and prints per page the four Lighthouse scores (mobile preset, simulated slow
// 4G and a 4x slower CPU), LCP, CLS, the JavaScript loaded (gzipped and as sent), and the axe
// violations in both themes. BENCH_RUNS (default 3) Lighthouse runs per page; the median is shown.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { axeViolations } from "../apps/web/e2e/support/axe.ts";
import { launchBrowser } from "../apps/web/e2e/support/browser.ts";
import { ensureBuild } from "../scripts/build.mjs";
import { startBuiltServer } from "./built-server.ts";
import { smokeOr } from "./smoke.ts";

const PAGES = smokeOr(["/"], ["/", "/knowledge-base", "/knowledge-base/linux-agent", "/contact"]);
const RUNS = Number(process.env.BENCH_RUNS ?? smokeOr(1, 3));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scripts: NetworkRequest[];
  outside: string[];
}

/** Lighthouse's own "please run Lighthouse again" failures, which a busy machine causes. */
const RETRIED_ERRORS = new Set(["NO_NAVSTART", "NO_FCP", "PROTOCOL_TIMEOUT"]);
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const failure = lhr.runtimeError;
    if (!failure) return readRun(lhr, url);
    if (attempt >= ATTEMPTS || !RETRIED_ERRORS.has(failure.code)) {
      throw new Error(`Lighthouse failed on ${url}: ${failure.message}`);
    }
    console.log(`Lighthouse asked to run again on ${url} (${failure.code}); running it again.`);
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function readRun(lhr: LighthouseResult, url: string): LighthouseRun {
  const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })
    ?.items ?? []) as NetworkRequest[];
  const origin = new URL(url).origin;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as LighthouseRun["scores"],
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    scripts: requests.filter((request) => request.resourceType === "Script"),
    outside: requests
      .map((request) => request.url)
      .filter((address) => address.startsWith("http") && !address.startsWith(origin)),
  };
}

/** The median run by performance score, so one slow moment on a busy machine does not decide. */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)] as LighthouseRun;
}

async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const address of urls) {
    const body = Buffer.from(await (await fetch(address)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

async function axeCounts(base: string): Promise<Record<string, { dark: number; light: number }>> {
  const browser = await launchBrowser();
  const counts: Record<string, { dark: number; light: number }> = {};
  try {
    for (const theme of ["dark", "light"] as const) {
      const context = await browser.newContext({
        bypassCSP: true,
        viewport: { width: 412, height: 823 },
      });
      await context.addInitScript((value) => localStorage.setItem("upwatch-theme", value), theme);
      const page = await context.newPage();
      for (const path of PAGES) {
        await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
        const found = await axeViolations(page);
        for (const line of found) console.log(`  axe ${theme} ${path}: ${line}`);
        counts[path] ??= { dark: 0, light: 0 };
        counts[path][theme] = found.length;
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return counts;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log("Building the web app and the server...");
// A smoke run measures the build the tests just made rather than spend a minute on a new one.
await ensureBuild({ force: smokeOr(false, true) });
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-site-"));
const server = await startBuiltServer(dataDir);
try {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const results: { path: string; run: LighthouseRun; jsGzip: number; jsSent: number }[] = [];
  try {
    for (const path of PAGES) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await runLighthouse(`${server.url}${path}`, chrome.port));
      const run = medianRun(runs);
      const jsGzip = await gzippedBytes(run.scripts.map((script) => script.url));
      const jsSent = run.scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0);
      results.push({ path, run, jsGzip, jsSent });
      console.log(
        `measured ${path} (performance per run: ${runs.map((r) => r.scores.performance).join(", ")})`,
      );
    }
  } finally {
    await chrome.kill();
  }
  const axe = await axeCounts(server.url);

  console.log(
    `\nLighthouse 12, mobile preset, median of ${RUNS} run(s); load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  const header = [
    "page",
    "perf",
    "a11y",
    "best",
    "seo",
    "LCP",
    "CLS",
    "TBT",
    "JS gzip",
    "JS sent",
    "scripts",
    "axe dark/light",
  ];
  const rows = results.map(({ path, run, jsGzip, jsSent }) => [
    path,
    String(run.scores.performance),
    String(run.scores.accessibility),
    String(run.scores["best-practices"]),
    String(run.scores.seo),
    `${(run.lcpMs / 1000).toFixed(2)} s`,
    run.cls.toFixed(3),
    `${Math.round(run.tbtMs)} ms`,
    kb(jsGzip),
    kb(jsSent),
    String(run.scripts.length),
    `${axe[path]?.dark ?? "?"}/${axe[path]?.light ?? "?"}`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
  }
  const outside = [...new Set(results.flatMap(({ run }) => run.outside))];
  console.log(`requests outside the site: ${outside.length ? outside.join(", ") : "none"}`);
  console.log("JS gzip: the page's scripts at gzip level 9; JS sent: as transferred (brotli).");
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
