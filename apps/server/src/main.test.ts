import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { holdDataDir, migrateToLatest, openDatabase } from "@upwatch/db";
import { expect, it } from "vitest";
import { testConfig } from "../test/app.ts";
import { createAccount } from "./services/accounts/create-account.ts";
import { createServiceContext } from "./services/context.ts";
import { prepareSecrets } from "./wiring/secrets.ts";

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
      'Invalid configuration: DEFAULT_PLAN must be one of free, hobby, business, enterprise, self-hosted (got "gold").',
    );
    expect(run.stdout).toBe("");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it("refuses to start with a SECRETS_KEY that does not open the stored secrets, saying why in one sentence", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-start-"));
  try {
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    const secrets = await prepareSecrets(testConfig({ DATA_DIR: dataDir }), database.db);
    await createAccount(createServiceContext(database.db, secrets), {
      name: "Acme",
      plan: "free",
      ownerEmail: "ops@acme.example",
    });
    await database.close();
    const run = spawnSync(process.execPath, ["--import", "tsx", MAIN], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: "1",
        LOG_LEVEL: "silent",
        SECRETS_KEY: "0".repeat(64),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^SECRETS_KEY \(key [0-9a-f]{8}\) is not the key the stored secrets are encrypted with \(key [0-9a-f]{8}\): set SECRETS_KEY to that key, or after a rotation to the new key the rotation printed\.$/,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it("refuses to start on a data folder another server or a restore holds, saying why in one sentence", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-start-"));
  const hold = holdDataDir(dataDir);
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", MAIN], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: "1", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `DATA_DIR ${dataDir} is in use by another Upwatch server or a restore: stop it first, or give this server a DATA_DIR of its own.`,
    );
  } finally {
    hold?.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
