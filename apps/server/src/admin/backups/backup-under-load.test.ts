import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../../test/app.ts";
import { placeOf } from "../../secrets/secret-box.ts";
import { createAccount } from "../../services/accounts/create-account.ts";
import { createApiKey } from "../../services/api-keys/create-api-key.ts";
import { createServiceContext } from "../../services/context.ts";
import { buildApp } from "../../wiring/app.ts";
import { prepareSecrets } from "../../wiring/secrets.ts";

const ROOT = resolve(import.meta.dirname, "../../../../..");
const ACCOUNTS = 3;
const WRITES_BEFORE = 40;
const WRITES_AT_MOST = 2_700;

/** Runs `npm run admin`'s entry as an operator would, answering its exit code and output. */
function admin(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, ["scripts/admin.mjs", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SECRETS_KEY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** A server on the data folder, as `npm start` builds it, with the key file it makes there. */
async function startServer(dataDir: string) {
  const config = testConfig({ DATA_DIR: dataDir, SECRETS_KEY: "" });
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const app = await buildApp({ config, database, startOutboxWorker: false, startAlerting: false });
  await app.ready();
  return { config, database, app };
}

describe("a backup taken while the server acknowledges writes", () => {
  let folder: string;
  let server: { database: DatabaseHandle; app: FastifyInstance };
  const acknowledged: string[] = [];
  let beforeBackup = 0;
  let backupOutput = "";
  let restoredDir: string;
  let restoreOutput = "";

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "upwatch-backup-"));
    const started = await startServer(join(folder, "data"));
    server = started;
    const ctx = createServiceContext(
      started.database.db,
      await prepareSecrets(started.config, started.database.db),
    );
    const keys: string[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) {
      const account = await createAccount(ctx, {
        name: `Load ${index}`,
        plan: "enterprise",
        ownerEmail: `load-${index}@example.com`,
      });
      keys.push((await createApiKey(ctx, account.accountId, "load")).key);
    }
    const createMonitor = async () => {
      const index = acknowledged.length;
      const response = await started.app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: { authorization: `Bearer ${keys[index % ACCOUNTS]}` },
        payload: {
          type: "http",
          name: `Service ${index}`,
          target: `https://service-${index}.example.com/`,
          options: { auth: { type: "bearer", token: `token-${index}` } },
        },
      });
      expect(response.statusCode).toBe(201);
      acknowledged.push(response.json().id);
    };
    while (acknowledged.length < WRITES_BEFORE) await createMonitor();

    let backingUp = true;
    const writing = (async () => {
      while (backingUp && acknowledged.length < WRITES_AT_MOST) await createMonitor();
    })();
    beforeBackup = acknowledged.length;
    const backup = await admin(["backup", "--into", join(folder, "backups")], join(folder, "data"));
    backingUp = false;
    await writing;
    expect(backup.code, backup.stderr).toBe(0);
    backupOutput = backup.stdout;

    const [taken] = await readdir(join(folder, "backups"));
    restoredDir = join(folder, "restored");
    const restore = await admin(["restore", join(folder, "backups", taken!)], restoredDir);
    expect(restore.code, restore.stderr).toBe(0);
    restoreOutput = restore.stdout;
  }, 180_000);

  afterAll(async () => {
    await server?.app.close();
    await server?.database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("says where it wrote the backup, and the restore says what it restored", () => {
    expect(backupOutput).toMatch(
      /^Backed up the database \(migration \w+\) and the secrets key [0-9a-f]{8} into .+upwatch-backup-[\dT-]+Z \([\d.]+ [KM]iB in [\d.]+ s\)\.\n$/,
    );
    expect(restoreOutput).toContain(`into ${restoredDir}.\nThe data folder held no database`);
  });

  it("finds every write acknowledged before the backup began, and writes went on meanwhile", async () => {
    const restored = openDatabase({ dataDir: restoredDir });
    try {
      const ids = new Set(
        (await restored.db.selectFrom("monitors").select("id").execute()).map((row) => row.id),
      );
      expect(acknowledged.slice(0, beforeBackup).filter((id) => !ids.has(id))).toEqual([]);
      // One snapshot: the writes it holds are the first ones acknowledged, with no gap.
      expect(acknowledged.slice(0, ids.size).every((id) => ids.has(id))).toBe(true);
      expect(ids.size).toBeLessThanOrEqual(acknowledged.length);
      expect(acknowledged.length).toBeGreaterThan(beforeBackup);
    } finally {
      await restored.close();
    }
  });

  it("gives a restored server the key that opens the sealed secrets", async () => {
    const restored = await startServer(restoredDir);
    try {
      const box = await prepareSecrets(restored.config, restored.database.db);
      const first = acknowledged[0]!;
      const stored = await restored.database.db
        .selectFrom("monitors")
        .select("options")
        .where("id", "=", first)
        .executeTakeFirstOrThrow();
      expect(stored.options).toMatch(/^enc:v1:/);
      const options = JSON.parse(box.open(stored.options!, placeOf("monitors", "options", first)));
      expect(options.auth).toEqual({ type: "bearer", token: "token-0" });
    } finally {
      await restored.app.close();
      await restored.database.close();
    }
  });
});
