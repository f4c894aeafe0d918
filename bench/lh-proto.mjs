import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const url = process.argv[2];
const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const lhr = result.lhr;
  for (const [k, c] of Object.entries(lhr.categories)) console.log(k, Math.round(c.score * 100));
  console.log(
    "LCP",
    lhr.audits["largest-contentful-paint"].displayValue,
    "CLS",
    lhr.audits["cumulative-layout-shift"].displayValue,
    "TBT",
    lhr.audits["total-blocking-time"].displayValue,
    "FCP",
    lhr.audits["first-contentful-paint"].displayValue,
  );
  for (const [id, a] of Object.entries(lhr.audits))
    if (
      a.score !== null &&
      a.score < 1 &&
      a.scoreDisplayMode !== "informative" &&
      a.scoreDisplayMode !== "manual" &&
      a.scoreDisplayMode !== "notApplicable"
    )
      console.log("  fail", id, a.score, a.displayValue ?? "", a.title);
  const fs = await import("node:fs");
  fs.writeFileSync(
    "/tmp/q/lhr-" + encodeURIComponent(url).slice(-30) + ".json",
    JSON.stringify(lhr),
  );
} finally {
  await chrome.kill();
}
