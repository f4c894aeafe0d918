import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";

/** Where browser tests leave their screenshots: outside the checkout, one folder per run. */
export const SCREENSHOT_DIR =
  process.env.E2E_SCREENSHOT_DIR || join(tmpdir(), "upwatch-e2e-screenshots");

/** Saves a picture of the page (or of one part of it) as `<name>.png` and returns its path. */
export async function screenshot(target: Page | Locator, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await target.screenshot({ path });
  return path;
}
