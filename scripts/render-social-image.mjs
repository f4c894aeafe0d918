// Renders the link-preview picture, apps/web/social/og-image.svg, to the PNG the site serves
// (apps/web/public/og-image.png, 1200 x 630). Run it after changing the SVG:
// `node scripts/render-social-image.mjs`; the PNG is committed so builds need no browser.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const svg = readFileSync(`${root}apps/web/social/og-image.svg`, "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const png = await page.screenshot({
    type: "png",
    clip: { x: 0, y: 0, width: 1200, height: 630 },
  });
  writeFileSync(`${root}apps/web/public/og-image.png`, png);
  console.log(`apps/web/public/og-image.png: ${png.length} bytes`);
} finally {
  await browser.close();
}
