// What the system tests (separate processes, network namespaces, PostgreSQL) need from the
// machine; `npm test` and the system tests' setup both ask, so the answer is the same.
import { spawnSync } from "node:child_process";
import pg from "pg";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

/** The PostgreSQL server the system tests make their schemas in. */
export function systemDatabaseUrl() {
  return process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL;
}

function found(command, args) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return !result.error && result.status === 0;
}

async function postgresProblem(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Sentences naming what is missing for the system tests; empty when they can run. */
export async function systemTestBlockers() {
  const blockers = [];
  if (process.platform !== "linux") blockers.push("they need Linux network namespaces");
  if (process.getuid?.() !== 0) {
    blockers.push("they must run as root to make network namespaces (run npm test with sudo)");
  }
  if (!found("ip", ["-V"])) {
    blockers.push("the ip command (iproute2) is missing: apt-get install -y iproute2");
  }
  if (!found("redis-server", ["--version"])) {
    blockers.push("redis-server is missing: apt-get install -y redis-server");
  }
  const problem = await postgresProblem(systemDatabaseUrl());
  if (problem) {
    blockers.push(`PostgreSQL is unreachable (${problem}); set TEST_DATABASE_URL`);
  }
  return blockers;
}
