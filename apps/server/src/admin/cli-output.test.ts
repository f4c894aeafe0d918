import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const MESSAGES = 1_500;

/** Runs `npm run admin`'s entry with stdout into a pipe read by `wc -l`, as an operator would. */
function adminLinesThroughPipe(args: string, dataDir: string): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn("sh", ["-c", `node scripts/admin.mjs ${args} | wc -l`], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", fail);
    child.on("close", () => done(Number(output.trim())));
  });
}

describe("the admin command's output into a pipe", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "upwatch-admin-"));
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    const now = Date.now();
    const rows = Array.from({ length: MESSAGES }, (_, index) => ({
      id: `msg_pipe_${index}`,
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Technical Support",
      message: `Message ${index}: my HTTPS monitor says the certificate expired, but it renews tonight.`,
      ip: "127.0.0.1",
      user_agent: null,
      created_at: now - index,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await database.db
        .insertInto("contact_messages")
        .values(rows.slice(start, start + 100))
        .execute();
    }
    await database.close();
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("writes every contact message, far past 64 KiB, before it exits", async () => {
    // A header line and one line per message.
    expect(await adminLinesThroughPipe("contacts --since 1d", dataDir)).toBe(MESSAGES + 1);
  }, 120_000);
});
