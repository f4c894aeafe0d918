// The status page as a visitor's browser judges it, for `npm run bench:status-page`: Lighthouse
// (mobile preset) scores and axe violations of the page in the light and dark themes.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { axeViolations } from "../apps/web/e2e/support/axe.ts";
import { launchBrowser } from "../apps/web/e2e/support/browser.ts";

const LIGHTHOUSE_TARGET = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-component-update",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-sync",
];

/** Lighthouse's own "please run Lighthouse again" failures, which a busy machine causes. */
const RETRIED_ERRORS = new Set(["NO_NAVSTART", "NO_FCP", "PROTOCOL_TIMEOUT"]);

async function lighthouseScores(url: string, dark: boolean): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, ...(dark ? ["--force-dark-mode"] : [])],
  });
  try {
    for (let attempt = 1; ; attempt += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error("Lighthouse returned nothing.");
      const failure = lhr.runtimeError;
      if (!failure) return scoresOf(lhr, dark ? "dark" : "light");
      if (attempt >= 3 || !RETRIED_ERRORS.has(failure.code)) {
        throw new Error(`Lighthouse failed: ${failure.message}`);
      }
    }
  } finally {
    await chrome.kill();
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function scoresOf(lhr: LighthouseResult, theme: string): Record<string, number> {
  for (const id of CATEGORIES) {
    const failing =
      lhr.categories[id]?.auditRefs.filter(
        (ref) => (lhr.audits[ref.id]?.score ?? 1) < 1 && ref.weight > 0,
      ) ?? [];
    if (failing.length)
      console.log(`  lighthouse ${theme} ${id}: ${failing.map((ref) => ref.id).join(", ")}`);
  }
  return Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
}

async function axeByTheme(
  url: string,
): Promise<Record<"light" | "dark", { violations: number; background: string }>> {
  const browser = await launchBrowser();
  const out = {} as Record<"light" | "dark", { violations: number; background: string }>;
  try {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        bypassCSP: true,
        colorScheme: theme,
        viewport: { width: 412, height: 823 },
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const found = await axeViolations(page);
      for (const line of found) console.log(`  axe ${theme}: ${line}`);
      out[theme] = { violations: found.length, background };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** Prints the page's Lighthouse scores and axe violations in both themes against the targets. */
export async function reportBrowserChecks(pageUrl: string): Promise<void> {
  const light = await lighthouseScores(pageUrl, false);
  const dark = await lighthouseScores(pageUrl, true);
  const axe = await axeByTheme(pageUrl);
  for (const [theme, scores] of [
    ["light", light],
    ["dark", dark],
  ] as const) {
    const low = CATEGORIES.filter((id) => (scores[id] ?? 0) < LIGHTHOUSE_TARGET);
    console.log(
      `Lighthouse mobile ${theme.padEnd(5)}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", ")}  ${low.length ? `BELOW ${LIGHTHOUSE_TARGET}: ${low.join(", ")}` : `all ≥ ${LIGHTHOUSE_TARGET}`}`,
    );
  }
  for (const theme of ["light", "dark"] as const) {
    console.log(
      `axe ${theme.padEnd(5)}: ${axe[theme].violations} violation(s) (page background ${axe[theme].background})`,
    );
  }
}
