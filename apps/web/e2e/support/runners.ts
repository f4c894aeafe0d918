import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { AppAccount } from "./app-account.ts";
import type { RunningProduct } from "./server.ts";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const HEARTBEAT_MS = 2_000;

/** A runner of one region as the product's database knows it, its heartbeats kept coming. */
export interface SeededRunner {
  id: string;
  /** Stops the heartbeats and dates the last one `agoMs` back, as a runner that went quiet. */
  silence(agoMs: number): void;
}

function runnerId(): string {
  return `run_${[...randomBytes(16)].map((byte) => BASE32[byte % 32]).join("")}`;
}

function withDatabase<T>(product: RunningProduct, use: (database: Database.Database) => T): T {
  const database = new Database(join(product.dataDir, "upwatch.db"));
  try {
    return use(database);
  } finally {
    database.close();
  }
}

/**
 * Registers a runner of `region` in a running product's SQLite database and keeps its last
 * heartbeat fresh, as the server records a connected runner, so the region counts as served.
 */
export function seedLiveRunner(product: RunningProduct, region: string): SeededRunner {
  const id = runnerId();
  const token = `upr_${id}_${randomBytes(32).toString("base64url")}`;
  const now = Date.now();
  withDatabase(product, (database) =>
    database
      .prepare(
        `INSERT INTO runners (id, name, region, token_hash, created_at, revoked_at, last_seen_at, version)
         VALUES (?, ?, ?, ?, ?, NULL, ?, 'test')`,
      )
      .run(
        id,
        `${region} test runner`,
        region,
        createHash("sha256").update(token).digest("hex"),
        now,
        now,
      ),
  );
  const beat = (at: number) =>
    withDatabase(product, (database) =>
      database.prepare("UPDATE runners SET last_seen_at = ? WHERE id = ?").run(at, id),
    );
  const timer = setInterval(() => beat(Date.now()), HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    silence(agoMs) {
      clearInterval(timer);
      beat(Date.now() - agoMs);
    },
  };
}

/** Records an open runner outage of `region` since `startedAt`, as the server does. */
export function seedRegionOutage(product: RunningProduct, region: string, startedAt: number): void {
  withDatabase(product, (database) =>
    database
      .prepare(
        `INSERT INTO region_outages (id, region, started_at, ended_at, notified_at)
         VALUES (?, ?, ?, NULL, NULL)`,
      )
      .run(`rgo_${randomBytes(8).toString("hex")}`, region, startedAt),
  );
}

/** Waits until the server counts `region` as served: it reads its runners anew every 2 s. */
export async function waitUntilServed(account: AppAccount, region: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { regions } = await account.api<{ regions: { region: string; served: boolean }[] }>(
      "GET",
      "/regions",
    );
    if (regions.some((item) => item.region === region && item.served)) return;
    if (Date.now() > deadline) throw new Error(`${region} is not served within 10 seconds.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
