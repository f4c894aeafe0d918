import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

it("refuses to start with an unknown DEFAULT_PLAN, saying why in one sentence", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-start-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", MAIN], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: "1", DEFAULT_PLAN: "gold" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: DEFAULT_PLAN must be one of free, hobby, business, enterprise (got "gold").',
    );
    expect(run.stdout).toBe("");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
