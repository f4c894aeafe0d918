import { type Browser, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Headless Debian Chromium, quiet on a machine without outside network. */
export function launchBrowser(options: { extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...(options.extraArgs ?? []),
    ],
  });
}
